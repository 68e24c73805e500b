// The account box of the top bar: sign up, sign in, sign out (here or everywhere), change the
// password, make or revoke bot tokens, and close the account. The session lives in an HttpOnly cookie this script never sees.

import { h, replace } from './dom.js';
import { getJSON, postJSON, deleteJSON } from './api.js';
import { allSeats } from './seats.js';

let current = null;

// whoami returns {accounts, name}: name is absent for a guest. It is asked once per page.
export function whoami() {
  if (!current) current = getJSON('/api/account').catch(() => ({ accounts: false }));
  return current;
}

async function send(path, body, errorEl) {
  errorEl.textContent = '';
  try {
    return await postJSON(path, body);
  } catch (err) {
    errorEl.textContent = err.message;
    return null;
  }
}

function field(label, input) {
  return h('label', { class: 'field' }, h('span', {}, label), input);
}

function signedOut(box) {
  const name = h('input', { id: 'account-name', name: 'username', autocomplete: 'username', maxlength: 20, required: true });
  const password = h('input', { id: 'account-password', type: 'password', autocomplete: 'current-password', maxlength: 200, required: true });
  // A new password is typed twice: there is no e-mail to reset a mistyped one with.
  const again = h('input', { id: 'account-password-again', type: 'password', autocomplete: 'new-password', maxlength: 200 });
  const againField = field('Password again, to sign up', again);
  againField.hidden = true;
  const error = h('p', { class: 'form-error', role: 'alert' });
  const submit = async (path) => {
    if (path.endsWith('/signup')) {
      if (againField.hidden) {
        againField.hidden = false;
        password.autocomplete = 'new-password';
        error.textContent = '';
        again.focus();
        return;
      }
      if (again.value !== password.value) {
        error.textContent = 'The two passwords differ: type them again.';
        again.value = '';
        again.focus();
        return;
      }
    }
    const body = { name: name.value.trim(), password: password.value };
    // A guest who signs up (or in) keeps the tables played in this browser.
    body.seats = allSeats();
    if (await send(path, body, error)) location.reload();
  };
  // Enter in the second password signs up, as its button does; anything else signs in (the
  // Sign in button too, after a Sign up pressed by mistake: the second password goes away).
  const form = h('form', { class: 'account-form', id: 'account-form', onsubmit: (e) => {
    e.preventDefault();
    if (document.activeElement === again && !againField.hidden) return submit('/api/account/signup');
    againField.hidden = true;
    again.value = '';
    password.autocomplete = 'current-password';
    return submit('/api/account/signin');
  } },
    field('Name', name), field('Password', password), againField,
    h('div', { class: 'form-actions' },
      h('button', { type: 'submit', class: 'primary', id: 'signin' }, 'Sign in'),
      h('button', { type: 'button', id: 'signup', onclick: () => submit('/api/account/signup') }, 'Sign up')),
    h('p', { class: 'help' }, 'A name has 3 to 20 letters, digits, - or _; a password at least 8 characters.'),
    error);
  replace(box, h('details', { class: 'account-menu' }, h('summary', { id: 'account-open' }, 'Sign in'), form));
}

function signedIn(box, me) {
  const error = h('p', { class: 'form-error', role: 'alert' });
  const oldPw = h('input', { type: 'password', autocomplete: 'current-password', maxlength: 200 });
  const newPw = h('input', { type: 'password', autocomplete: 'new-password', maxlength: 200 });
  const tokenOut = h('p', { class: 'small' });
  // The account's bot tokens, listed when the fold opens and after each change: when each was
  // made and until when it plays, with a button to revoke it alone.
  const tokenList = h('ul', { class: 'small bot-tokens', id: 'bot-token-list' });
  const listTokens = async () => {
    try {
      const list = await getJSON('/api/account/bot-tokens');
      replace(tokenList, list.map((tk) => h('li', {},
        `Made ${new Date(tk.created).toLocaleString()}, plays until ${new Date(tk.expires).toLocaleDateString()} `,
        h('button', { type: 'button', class: 'small quiet', 'data-token': tk.id, onclick: async () => {
          error.textContent = '';
          try {
            await deleteJSON(`/api/account/bot-tokens/${encodeURIComponent(tk.id)}`);
            replace(tokenOut, 'That bot token is revoked: a program using it is signed out.');
          } catch (err) {
            error.textContent = err.message;
          }
          listTokens();
        } }, 'Revoke'))));
    } catch (err) {
      error.textContent = err.message;
    }
  };
  const change = h('form', { class: 'account-form', onsubmit: async (e) => {
    e.preventDefault();
    if (await send('/api/account/password', { old: oldPw.value, new: newPw.value }, error)) {
      error.textContent = 'Password changed; your other sessions are signed out.';
      oldPw.value = newPw.value = '';
    }
  } }, field('Current password', oldPw), field('New password', newPw), h('button', { type: 'submit' }, 'Change password'));
  const closePw = h('input', { type: 'password', id: 'close-password', autocomplete: 'current-password', maxlength: 200, required: true });
  const close = h('form', { class: 'account-form', id: 'close-form', onsubmit: async (e) => {
    e.preventDefault();
    // It cannot be undone: asked first.
    if (!confirm(`Close the account ${me.name} for good? You cannot sign in to it again, and nobody can take its name.`)) return;
    if (await send('/api/account/close', { password: closePw.value }, error)) {
      alert(`The account ${me.name} is closed, and this browser signed out of it.`);
      location.reload();
    }
  } },
  h('p', { class: 'help', id: 'close-help' }, 'Closing ends your sessions, bot tokens and seeks and takes you off the leaderboards. Your matches stay, as your opponents\u2019 records hold them, and your name stays yours. It cannot be undone.'),
  field('Password', closePw), h('button', { type: 'submit', id: 'close-account', 'aria-describedby': 'close-help' }, 'Close account'));
  replace(box, h('details', { class: 'account-menu' },
    h('summary', { id: 'account-me' }, me.name),
    h('div', { class: 'account-form' },
      h('p', {}, h('a', { href: `/u/${encodeURIComponent(me.name)}`, id: 'my-profile' }, 'Your profile'), ' · ',
        h('a', { href: '/leaderboard' }, 'Leaderboards')),
      h('div', { class: 'form-actions' },
        h('button', { type: 'button', id: 'signout', onclick: async () => { if (await send('/api/account/signout', {}, error)) location.reload(); } }, 'Sign out'),
        h('button', { type: 'button', id: 'signout-everywhere', onclick: async () => {
          // It signs out every device at once: asked first.
          if (!confirm('Sign out on every device, this one included? Your bot tokens keep working; revoke them under Bot tokens.')) return;
          if (await send('/api/account/signout-everywhere', {}, error)) location.reload();
        } }, 'Sign out everywhere')),
      // The rarer settings fold away, so that the menu is a menu.
      h('details', { class: 'account-more' }, h('summary', { id: 'password-open' }, 'Change password'), change),
      h('details', { class: 'account-more', ontoggle: (e) => { if (e.currentTarget.open) listTokens(); } }, h('summary', { id: 'bot-token-open' }, 'Bot tokens, for your programs'),
        h('p', { class: 'help', id: 'bot-token-help' }, 'A bot token lets a program of yours play as you through deuce\u2019s HTTP API: it seeks and plays, and can never change your account or password.'),
        h('button', { type: 'button', class: 'small', 'aria-describedby': 'bot-token-help', onclick: async () => {
          const r = await send('/api/account/bot-tokens', {}, error);
          if (r) replace(tokenOut, 'Bot token (shown once, keep it secret): ', h('code', {}, r.token));
          listTokens();
        } }, 'New bot token'),
        ' ',
        h('button', { type: 'button', class: 'small', id: 'bot-token-revoke', onclick: async () => {
          if (!confirm('Revoke every bot token of this account? Programs using them stop at their next request.')) return;
          error.textContent = '';
          try {
            await deleteJSON('/api/account/bot-tokens');
            replace(tokenOut, 'Every bot token is revoked: programs using one are signed out.');
          } catch (err) {
            error.textContent = err.message;
          }
          listTokens();
        } }, 'Revoke all bot tokens'),
        tokenList,
        tokenOut),
      h('details', { class: 'account-more' }, h('summary', { id: 'close-open' }, 'Close account'), close),
      error)));
}

async function mount() {
  const box = document.getElementById('account');
  if (!box) return;
  const me = await whoami();
  if (!me.accounts) return;
  if (me.name) signedIn(box, me);
  else signedOut(box);
}

mount();
