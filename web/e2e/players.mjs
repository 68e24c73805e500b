// Two people in two browser contexts (separate cookies) sign up, one posts a rated 1+1 seek in
// the lobby, the other accepts it; they chat (lines arrive on both sides, as text), play a few
// moves of a Center Court tiebreak, then let the clock run out; both end screens show the
// result and the profile shows the new rating. Bob, seated by his account, offers a rematch from
// the end screen; Ann, back at the finished table, sees the offer and accepts it, and both sit at
// the rematch with its clock. There Ann mutes Bob: after a reload the mute holds, and Bob's
// lines stay hidden. The lobby's New table form offers a clock and a rated choice (for a
// signed-in player against a bot, disabled with the reason otherwise). Any console error fails
// the run.
//
//   node players.mjs <server base URL> <output directory>
//
// `go test ./web -run TestBrowserPlayers` starts a server, runs this script and checks the
// ratings against Glicko-2.

import { chromium } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

const [base, outDir] = process.argv.slice(2);
if (!base || !outDir) {
  console.error('usage: node players.mjs <server base URL> <output directory>');
  process.exit(2);
}

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const STEP_TIMEOUT = 20_000;
const FLAG_TIMEOUT = 150_000; // a minute on the clock plus increments, with room to spare

const started = Date.now();
const problems = [];
const pages = [];

function log(msg) {
  console.log(`[players ${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s] ${msg}`);
}

function check(ok, msg) {
  if (!ok) throw new Error(`check failed: ${msg}`);
}

function watch(page, label) {
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${label}: console error: ${m.text()} (${m.location()?.url || ''})`);
  });
  page.on('pageerror', (err) => problems.push(`${label}: uncaught exception: ${err.stack || err.message}`));
  page.setDefaultTimeout(STEP_TIMEOUT);
  pages.push([label, page]);
  return page;
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(outDir, name), fullPage: true });
}

async function signUp(page, name) {
  await page.goto(`${base}/`);
  await page.locator('#account-open').click();
  await page.locator('#account-name').fill(name);
  await page.locator('#account-password').fill('correct horse battery');
  // Sign up asks for the password again, and refuses two that differ.
  await page.locator('#signup').click();
  await page.locator('#account-password-again').fill('correct horse batter');
  await page.locator('#signup').click();
  check(await page.locator('#account-form .form-error').textContent() === 'The two passwords differ: type them again.', 'sign-up refuses two passwords that differ');
  // Enter in the second field signs up, as the button does.
  await page.locator('#account-password-again').fill('correct horse battery');
  await page.locator('#account-password-again').press('Enter');
  await page.locator('#account-me', { hasText: name }).waitFor();
  log(`${name} signed up`);
}

// moveOnce plays the first move on offer, the way a person would: a card and its preview's
// button, or a move button.
async function moveOnce(page) {
  const seq = Number(await page.evaluate(() => document.body.dataset.seq));
  const card = page.locator('.cc-near button.card.playable').first();
  if (await card.count()) {
    await card.click();
    await page.locator('.cc-preview button.primary').click();
  } else {
    await page.locator('.moves button.move:not([disabled])').first().click();
  }
  await page.waitForFunction((s) => Number(document.body.dataset.seq) > s || document.body.dataset.state === 'over', seq);
}

async function chatLine(from, to, text) {
  await from.locator('#chat-input').fill(text);
  await from.locator('#chat-input').press('Enter');
  for (const page of [from, to]) {
    await page.locator('.chat-lines .chat-text', { hasText: text }).waitFor();
    const shown = await page.locator('.chat-lines .chat-text', { hasText: text }).last().textContent();
    check(shown === text, `the chat line arrives as typed (${shown})`);
  }
  check(await to.locator('.chat-lines b, .chat-lines script, .chat-lines img').count() === 0, 'chat markup is shown as text, never run');
}

async function main() {
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    const ann = watch(await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage(), 'ann');
    const bob = watch(await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage(), 'bob');
    await signUp(ann, 'ann');
    await signUp(bob, 'bob');

    // The seek's game follows the game picked for a new table, until one is chosen there.
    await ann.locator('.game-card', { hasText: 'Worldwide Tennis' }).click();
    check(await ann.locator('#seek-game').inputValue() === 'worldwide', `the seek follows the new table's game (${await ann.locator('#seek-game').inputValue()})`);
    // Ann seeks a rated Center Court tiebreak at 1+1.
    await ann.locator('#seek-game').selectOption('centercourt');
    await ann.locator('#seek-variant').selectOption('tiebreak');
    await ann.locator('#seek-clock').selectOption('1+1');
    check(await ann.locator('#seek-rated').isChecked(), 'a seek is rated by default');
    await ann.locator('#seek-post').click();
    await ann.locator('.seek-row', { hasText: 'ann' }).waitFor();
    await shot(ann, 'seek-posted.png');
    log('ann posted a seek');

    // Bob sees it in his lobby and accepts; both land on the table.
    await bob.goto(`${base}/`);
    const row = bob.locator('.seek-row', { hasText: 'ann' });
    await row.waitFor();
    check((await row.textContent()).includes('1+1'), 'the seek shows its clock');
    await row.locator('button.accept').click();
    await bob.waitForURL(/\/t\/[a-z0-9]+$/);
    await ann.waitForURL(/\/t\/[a-z0-9]+$/);
    const table = new URL(bob.url()).pathname.split('/')[2];
    check(new URL(ann.url()).pathname.split('/')[2] === table, 'both are at the same table');
    log(`table ${table}`);
    for (const page of [ann, bob]) {
      await page.waitForFunction(() => document.body.dataset.seq !== undefined);
      // Each sees the other as a person at the table, whichever came first.
      await page.waitForFunction(() => !/invited/i.test(document.querySelector('#players').textContent), null, { timeout: 10_000 });
      await page.locator('#clocks .clock').first().waitFor();
      check(await page.locator('#clocks .clock').count() === 2, 'both clocks are shown');
      check((await page.locator('#clocks .clock').first().textContent()).startsWith('You'), 'the viewer\'s own clock comes first, as "You"');
    }

    await chatLine(ann, bob, '<b>good luck</b> & <script>alert(1)</script>');
    await chatLine(bob, ann, 'you too <img src=x onerror=alert(2)>');
    // Near the length limit the chat says how many characters are left.
    await ann.locator('#chat-input').pressSequentially('x'.repeat(3));
    check(await ann.locator('.chat-left').textContent() === '', 'a short line shows no count');
    await ann.locator('#chat-input').fill('');
    await ann.locator('#chat-input').pressSequentially('y'.repeat(270));
    check(await ann.locator('.chat-left').textContent() === '30 left', `a long line says what is left (${await ann.locator('.chat-left').textContent()})`);
    await ann.locator('#chat-input').fill('');
    log('chat reached both sides');

    // On a phone the clocks and the chat are far from the moves: the status, which stays on
    // screen, shows both times, and a line that comes while the chat is out of sight offers to
    // go to it.
    await bob.setViewportSize({ width: 390, height: 844 });
    await bob.evaluate(() => scrollTo(0, 0));
    await bob.locator('#status-clocks').waitFor();
    const mini = await bob.locator('#status-clocks span').allTextContents();
    check(mini.length === 2 && /^You \d+:\d\d/.test(mini[0]) && /^ann \d+:\d\d/.test(mini[1]), `the status shows both clocks on a phone (${mini})`);
    await ann.locator('#chat-input').fill('still there?');
    await ann.locator('#chat-input').press('Enter');
    await bob.locator('#chat-new').waitFor({ timeout: 10_000 });
    const told = await bob.locator('#chat-new').textContent();
    check(told === 'New chat line from ann', `a line out of sight is told in the status (${told})`);
    await shot(bob, 'chat-new-phone.png');
    await bob.locator('#chat-new').click();
    await bob.locator('#chat-new').waitFor({ state: 'hidden' });
    check(await bob.locator('#chat .chat-lines li', { hasText: 'still there?' }).isVisible(), 'the button goes to the chat, where the line is');
    await bob.setViewportSize({ width: 1280, height: 900 });
    await bob.evaluate(() => scrollTo(0, 0));
    check(await bob.locator('#status-clocks').isHidden(), 'a wide screen shows the clocks once, above the board');
    log('a phone keeps the clocks in view and tells of a chat line out of sight');

    // A few moves, then whoever is to move lets the clock run out.
    for (let moves = 0; moves < 4;) {
      const states = await Promise.all([ann, bob].map((p) => p.evaluate(() => document.body.dataset.state)));
      if (states.includes('over')) break;
      const i = states.indexOf('mine');
      if (i < 0) {
        await ann.waitForTimeout(100);
        continue;
      }
      await moveOnce([ann, bob][i]);
      moves++;
    }
    await shot(ann, 'clock-running.png');
    log('waiting for the flag to fall');
    for (const page of [ann, bob]) {
      await page.waitForFunction(() => document.body.dataset.state === 'over', null, { timeout: FLAG_TIMEOUT });
      await page.locator('#end').waitFor({ state: 'visible' });
    }
    const title = await ann.locator('#end-title').textContent();
    const score = await ann.locator('.end-score').textContent();
    check(/on time/.test(score), `the end says the match was lost on time (${score})`);
    log(`end: ${title} ${score}`);
    // Each player's end screen says what the match did to their rating.
    const ratings = [];
    for (const page of [ann, bob]) {
      await page.locator('#end-rating').waitFor({ timeout: 10_000 });
      ratings.push(await page.locator('#end-rating').textContent());
    }
    // After a first rated match a rating is provisional, and the end says so.
    check(ratings.every((r) => /^Your rating in Center Court: \d+\? \([+−]\d+\), provisional: it moves fast until you have played a few rated matches$/.test(r)) && ratings.some((r) => r.includes('+')) && ratings.some((r) => r.includes('−')),
      `the end screens give the new provisional ratings, one up and one down (${ratings})`);
    await shot(bob, 'lost-on-time.png');
    // A finished rated table opened again shows the change too: its end comes before the page
    // has read the table's settings.
    await bob.reload();
    await bob.locator('#end-rating').waitFor({ timeout: 10_000 });
    check((await bob.locator('#end-rating').textContent()) === ratings[1], 'the end of a finished rated table, opened again, gives the rating change');

    // Ann's profile shows her new rating and the match.
    await ann.locator('#account-me').click();
    // The menu is a menu: changing the password and bot tokens fold away until asked for.
    const currentPw = ann.getByLabel('Current password');
    check(await currentPw.isHidden(), 'the password form is folded away in the account menu');
    await ann.locator('#password-open').click();
    check(await currentPw.isVisible(), 'it opens on asking');
    // A bot token is made, then revoked from the same menu (after a confirmation): the API no
    // longer takes it.
    await ann.locator('#bot-token-open').click();
    await ann.getByRole('button', { name: 'New bot token' }).click();
    const token = (await ann.locator('.account-more code').textContent()).trim();
    // Asked as a program would, from outside the page (a refused request there is a console error).
    const withToken = async () => (await fetch(`${base}/api/account`, { headers: { Authorization: `Bearer ${token}` } })).status;
    check(await withToken() === 200, 'a new bot token signs a program in');
    // It is listed (when it was made, never the token), with a button to revoke it alone.
    await ann.locator('#bot-token-list li button[data-token]').first().waitFor();
    const listed = await ann.locator('#bot-token-list li').allTextContents();
    check(listed.length === 1 && /^Made /.test(listed[0]) && !listed[0].includes(token), `the new bot token is listed, not shown again (${listed})`);
    ann.once('dialog', (d) => d.accept());
    await ann.locator('#bot-token-revoke').click();
    await ann.locator('.account-more', { hasText: 'Every bot token is revoked' }).waitFor();
    check(await withToken() === 401, 'a revoked bot token is refused');
    await ann.locator('#bot-token-list li').first().waitFor({ state: 'detached' });
    await ann.locator('#my-profile').click();
    await ann.waitForURL(/\/u\/ann$/);
    const card = ann.locator('.rating-card[data-game="centercourt"]');
    await card.waitFor();
    const shown = (await card.locator('.rating-value').textContent()).replace('?', '');
    const api = await ann.evaluate(async () => (await (await fetch('/api/users/ann')).json()).ratings[0].rating);
    check(Number(shown) === Math.round(api) && Math.round(api) !== 1500, `the profile shows the new rating (${shown}, API ${api})`);
    check(await ann.locator('#recent a', { hasText: 'Replay' }).count() === 1, 'the profile lists the match with its replay');
    // An account's name keeps its case where a result begins with it ("bob wins", not "Bob").
    const recent = await ann.locator('#recent').textContent();
    check(/\b(ann|bob)\b/.test(recent) && !/\b(Ann|Bob)\b/.test(recent), `the match's result names the players as they signed up (${recent})`);
    await shot(ann, 'profile.png');
    log(`ann's profile shows ${shown}`);
    // The leaderboard lists her; a game it does not know is named as such, not silently replaced.
    await ann.goto(`${base}/leaderboard?game=centercourt`);
    await ann.locator('#leaders a', { hasText: 'ann' }).waitFor();
    check(await ann.locator('#unknown-game').isHidden(), 'a known game needs no note');
    await ann.goto(`${base}/leaderboard?game=squash`);
    await ann.locator('#unknown-game', { hasText: 'There is no game called "squash" here' }).waitFor();

    // Bob, seated by his account, offers a rematch from his end screen; he waits at the new
    // table. Ann comes back to the finished table and is offered it.
    await bob.locator('#rematch').click();
    await bob.waitForURL((u) => /\/t\/[a-z0-9]+$/.test(u.pathname) && !u.pathname.endsWith(table));
    const rematch = new URL(bob.url()).pathname.split('/')[2];
    await bob.waitForFunction(() => document.body.dataset.seq !== undefined);
    check((await bob.locator('#players li.me').textContent()).includes('bob'), 'bob sits at the rematch as himself');
    // A timed table takes no move before every player has come: its clocks start together.
    check(await bob.evaluate(() => document.body.dataset.state) === 'waiting', 'bob is offered no move before ann joins the rematch');
    const turn = await bob.locator('#turn').textContent();
    check(/You move first once every player has come|Waiting for|Shuffling/.test(turn), `bob's turn line while ann has not joined (${turn})`);
    log(`bob offered the rematch ${rematch}: "${turn}"`);
    await ann.goto(`${base}/t/${table}`);
    // A name a person chose keeps its case at a sentence's start.
    await ann.locator('#rematch-offer', { hasText: 'bob offers a rematch' }).waitFor();
    check((await ann.locator('#rematch').textContent()) === 'Accept the rematch', 'the end screen offers to accept the rematch');
    await shot(ann, 'rematch-offered.png');
    await ann.locator('#rematch').click();
    await ann.waitForURL((u) => u.pathname.endsWith(`/t/${rematch}`));
    await ann.waitForFunction(() => document.body.dataset.seq !== undefined);
    check((await ann.locator('#players li.me').textContent()).includes('ann'), 'ann sits at the rematch as herself');
    check((await ann.locator('#clocks').textContent()).includes('1+1'), 'the rematch keeps the clock');
    await shot(ann, 'rematch-joined.png');
    log('ann accepted the rematch');

    // Ann mutes Bob; a reload keeps the mute. Each step waits for proof the server has it: a
    // socket's messages are handled in order, so once a line sent after the mute comes back,
    // the mute holds.
    await chatLine(bob, ann, 'before the mute');
    await ann.locator('.chat-mutes input[data-mute]').check();
    check(await ann.locator('.chat-lines li', { hasText: 'before the mute' }).isHidden(), 'muting hides the lines already shown');
    await ann.reload();
    await ann.waitForFunction(() => document.body.dataset.seq !== undefined);
    await ann.locator('.chat-mutes input[data-mute]').waitFor();
    check(await ann.locator('.chat-mutes input[data-mute]').isChecked(), 'the mute is still ticked after a reload');
    await chatLine(ann, bob, 'ann is back');
    check(await ann.locator('.chat-lines li', { hasText: 'before the mute' }).isHidden(), 'the muted line stays hidden in the chat history');
    await bob.locator('#chat-input').fill('muted after the reload');
    await bob.locator('#chat-input').press('Enter');
    await bob.locator('.chat-lines .chat-text', { hasText: 'muted after the reload' }).waitFor();
    await chatLine(ann, bob, 'ann checks');
    check(await ann.locator('.chat-lines .chat-text', { hasText: 'muted after the reload' }).count() === 0, 'a muted player\'s new line does not reach ann after the reload');
    await shot(ann, 'muted-after-reload.png');
    log('the mute held across a reload');

    // The lobby's New table form: a clock, and rated for a signed-in player against a bot.
    const guest = watch(await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage(), 'guest');
    await guest.goto(`${base}/`);
    await guest.locator('#clock option').first().waitFor({ state: 'attached' });
    // The form knows who is signed in once the lobby has asked the server.
    await guest.locator('#rated-help', { hasText: 'Sign in' }).waitFor();
    check(await guest.locator('#rated').isDisabled(), 'a guest cannot create a rated table');
    check((await guest.locator('#rated-help').textContent()).includes('Sign in'), 'the form tells a guest why');
    // The seek panel is only its note for a guest: no form of disabled controls to scroll past.
    await guest.locator('#seek-error', { hasText: 'Sign in' }).waitFor();
    check(!(await guest.locator('#seek-post').isVisible()) && !(await guest.locator('#seek-game').isVisible()), 'a guest sees no seek form, only how to seek');
    await ann.goto(`${base}/`);
    await ann.locator('.game-card', { hasText: 'Center Court' }).click();
    await ann.locator('#variant').selectOption('tiebreak');
    await ann.locator('#seat-1').selectOption('friend');
    check(await ann.locator('#rated').isDisabled(), 'a table with a friend by link is not rated');
    await ann.locator('#seat-1').selectOption('bot:random');
    check(await ann.locator('#rated').isEnabled(), 'ann against a bot may be rated');
    await ann.locator('#rated').check();
    await ann.locator('#clock').selectOption('10+5');
    await ann.locator('#create-button').click();
    // A table against a bot opens at once.
    await ann.waitForURL(/\/t\/[a-z0-9]+$/);
    await ann.waitForFunction(() => document.body.dataset.seq !== undefined);
    check((await ann.locator('#players li.me').textContent()).includes('ann'), 'ann plays the lobby table as herself');
    check((await ann.locator('#clocks').textContent()).includes('10+5'), 'the lobby table has its clock');
    await ann.locator('#table-settings', { hasText: '10+5 · rated' }).waitFor();
    check(await ann.locator('#hint').isHidden(), 'a rated table offers no hint');
    log('the New table form made a rated 10+5 table against the random bot');

    // A casual table is the account's seat too: no link, the table's plain address finds it,
    // and the hint answers the account's seat.
    await ann.goto(`${base}/`);
    await ann.locator('.game-card', { hasText: 'Center Court' }).click();
    check(await ann.locator('#name-field').isHidden(), 'a signed-in player types no name');
    check((await ann.locator('#account-seat').textContent()).startsWith('You play as ann'), 'the form says whose the seat is');
    await ann.locator('#variant').selectOption('tiebreak');
    await ann.locator('#seat-1').selectOption('bot:random');
    await ann.locator('#clock').selectOption('none');
    await ann.locator('#create-button').click();
    await ann.waitForURL(/\/t\/[a-z0-9]+$/);
    const casual = new URL(ann.url()).pathname.split('/')[2];
    await ann.waitForFunction(() => document.body.dataset.seq !== undefined);
    check((await ann.locator('#players li.me').textContent()).includes('ann'), 'ann plays the casual table as herself');
    await ann.waitForFunction(() => document.body.dataset.state === 'mine', null, { timeout: 30_000 });
    await ann.locator('#hint-ask').click();
    await ann.locator('#hint-text').waitFor();
    const casualInfo = await ann.evaluate(async (id) => (await fetch(`/api/users/ann`)).json().then((p) => p.recent.find((m) => m.table === id)), casual);
    check(casualInfo && !casualInfo.rated, `the casual table is on ann's profile (${JSON.stringify(casualInfo)})`);
    log('a signed-in player\'s casual table is held by the account');

    // "Play a bot" stays one click away: a rated 5+3 match against the random bot.
    await ann.goto(`${base}/`);
    // The lobby lists the tables ann holds by her account, which this browser has no link to.
    await ann.locator(`#mine li[data-id="${rematch}"] a`, { hasText: 'Resume' }).waitFor();
    // Resigning or calling off there needs no link either: the session finds the seat.
    check(await ann.locator(`#mine li[data-id="${rematch}"] button[data-end="resign"]`).count() === 1, 'a table held by the account can be resigned from the lobby of any device');
    // On a phone, where the columns stack, a returning player's own tables come first, before
    // the lessons and the New table form, each row's button right under its names.
    await ann.setViewportSize({ width: 390, height: 844 });
    const tops = await ann.evaluate(() => Object.fromEntries(['#mine-title', '#learn-title', '#new-title'].map((s) => [s, Math.round(document.querySelector(s).getBoundingClientRect().top + scrollY)])));
    check(tops['#mine-title'] < 844 / 2 && tops['#mine-title'] < tops['#learn-title'] && tops['#learn-title'] < tops['#new-title'],
      `on a phone "Your tables" comes first, then "Learn to play", then the New table form (${JSON.stringify(tops)})`);
    const rowHeight = await ann.locator(`#mine li[data-id="${rematch}"]`).evaluate((e) => e.getBoundingClientRect().height);
    check(rowHeight < 160, `a listed table is no taller than its lines (${rowHeight}px)`);
    await ann.screenshot({ path: path.join(outDir, 'lobby-phone.png') });
    await ann.setViewportSize({ width: 1280, height: 900 });
    // On a wide screen they head the right-hand column, beside the form.
    const wide = await ann.evaluate(() => [document.querySelector('#mine-title').getBoundingClientRect().top, document.querySelector('#new-title').getBoundingClientRect().top].map(Math.round));
    check(Math.abs(wide[0] - wide[1]) < 40, `on a wide screen "Your tables" is at the top, beside the form (${wide})`);
    log('the lobby puts ann\'s own tables first on a phone');
    await ann.locator('#seek-game').selectOption('pencil');
    await ann.locator('#seek-clock').selectOption('5+3');
    await ann.locator('#seek-bot').selectOption('random');
    const playBot = await ann.locator('#seek-play-bot').textContent();
    check(playBot === 'Play this bot: rated, 5+3 blitz', `the bot button says what it starts (${playBot})`);
    await ann.locator('#seek-play-bot').click();
    await ann.waitForURL(/\/t\/[a-z0-9]+$/);
    await ann.waitForFunction(() => document.body.dataset.seq !== undefined);
    check((await ann.locator('#players li.me').textContent()).includes('ann'), 'ann plays as herself against the bot');
    await ann.locator('#clocks .clock').first().waitFor();
    check((await ann.locator('#clocks').textContent()).includes('5+3'), 'the bot table has its clock');
    log('ann plays the random bot, rated, at 5+3');
    // Resigned before she has moved, the rated match against the bot still counts: a player
    // may not resign every deal that looks bad at no cost.
    await ann.getByRole('button', { name: 'Resign', exact: true }).click();
    await ann.getByRole('button', { name: 'Yes, resign', exact: true }).click();
    await ann.locator('#end-rating').waitFor({ timeout: 10_000 });
    const resignedNote = await ann.locator('#end-rating').textContent();
    check(/^Your rating in Tennis \(paper and pencil\): \d+\? \(−\d+\)/.test(resignedNote), `a rated match resigned at once against a bot counts as a loss (${resignedNote})`);
    log('a rated match resigned before ann moved counts against her');
    // She resigns her casual table from the lobby (the rated ones count in the ratings checked
    // after this script): her account holds the seat, the session finds it.
    const botTable = casual;
    await ann.goto(`${base}/`);
    // The seek form comes back as she left it: 5+3, rated, the random bot.
    await ann.locator('#seek-play-bot', { hasText: '5+3' }).waitFor();
    const kept = [await ann.locator('#seek-clock').inputValue(), await ann.locator('#seek-rated').isChecked(), await ann.locator('#seek-bot').inputValue()];
    check(kept[0] === '5+3' && kept[1] && kept[2] === 'random', `the seek form keeps its last clock, rating and bot (${kept})`);
    const botRow = ann.locator(`#mine li[data-id="${botTable}"]`);
    await botRow.locator('button[data-end="resign"]').waitFor();
    ann.once('dialog', (d) => d.accept());
    await botRow.locator('button[data-end="resign"]').click();
    await botRow.waitFor({ state: 'detached', timeout: 20_000 });
    const botEnd = await ann.evaluate(async (id) => (await (await fetch(`/api/tables/${id}`)).json()).ended, botTable);
    check(botEnd === 'resigned', `the casual table was resigned from the lobby (${botEnd})`);
    log('ann resigned her casual table from the lobby');

    // Ann on another device presses Sign up by mistake, then Sign in: she is signed in.
    const other = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await other.goto(`${base}/`);
    await other.locator('#account-open').click();
    await other.locator('#account-name').fill('ann');
    await other.locator('#account-password').fill('correct horse battery');
    await other.locator('#signup').click();
    await other.locator('#account-password-again').waitFor();
    await other.locator('#signin').click();
    await other.locator('#account-me', { hasText: 'ann' }).waitFor({ timeout: 10_000 });
    log('Sign in after a Sign up pressed by mistake signs in');
    await other.context().close();

    // Cleo closes her account from the account menu, after a confirmation: the page signs her
    // out, and her profile says the account was closed. (A wrong password is refused with 403,
    // which a page logs as a console error: web/players_test.go checks that.)
    const cleo = watch(await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage(), 'cleo');
    await signUp(cleo, 'cleo');
    await cleo.locator('#account-me').click();
    check(await cleo.locator('#close-password').isHidden(), 'closing the account is folded away in the account menu');
    await cleo.locator('#close-open').click();
    await cleo.locator('#close-password').fill('correct horse battery');
    // Asked first, then told it is done.
    const dialogs = [];
    cleo.on('dialog', (d) => { dialogs.push(d.message()); d.accept(); });
    await Promise.all([cleo.waitForEvent('load'), cleo.locator('#close-account').click()]);
    check(dialogs.length === 2 && /for good/.test(dialogs[0]) && /is closed/.test(dialogs[1]), `closing asks, then says it is done (${JSON.stringify(dialogs)})`);
    await cleo.locator('#account-open').waitFor();
    await cleo.goto(`${base}/u/cleo`);
    await cleo.locator('#closed', { hasText: 'This account was closed' }).waitFor();
    await shot(cleo, 'closed-profile.png');
    log('cleo closed her account');

    if (problems.length) throw new Error(`the pages reported errors:\n  ${problems.join('\n  ')}`);
    log(`all checks passed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  } catch (err) {
    console.error(`[players] FAILED: ${err.stack || err.message}`);
    for (const [label, page] of pages) {
      if (!page.isClosed()) await page.screenshot({ path: path.join(outDir, `failure-${label}.png`), fullPage: true }).catch(() => {});
    }
    if (problems.length) console.error(`[players] page errors:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  } finally {
    await browser.close().catch(() => {});
  }
}

await main();
