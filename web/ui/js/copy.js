// copyButton copies text to the clipboard, falling back to selecting it where the clipboard
// API is not allowed (pages served over plain http to another machine).

import { h } from './dom.js';

export function copyButton(text, label = 'Copy') {
  const btn = h('button', { type: 'button', class: 'copy', 'data-copy': text, 'aria-label': `${label}: ${text}` }, label);
  btn.addEventListener('click', async () => {
    let ok = false;
    try {
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch {
      const field = h('textarea', { class: 'offscreen', readonly: true });
      field.value = text;
      document.body.append(field);
      field.select();
      try {
        ok = document.execCommand('copy');
      } catch {
        ok = false;
      }
      field.remove();
    }
    btn.textContent = ok ? 'Copied' : 'Select and copy';
    btn.classList.toggle('done', ok);
    setTimeout(() => {
      btn.textContent = label;
      btn.classList.remove('done');
    }, 2000);
  });
  return btn;
}
