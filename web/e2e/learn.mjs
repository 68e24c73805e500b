// Drives the pages that help people understand the games, in headless Chromium: the replay's
// analysis (chart, marked moves), hints, tutorials and the newcomer's table. Any console error
// fails the run.
//
//   node learn.mjs <server base URL> <output directory>
//
// `go test ./web -run TestBrowserLearn` starts a server and runs this script.

import { session, check, log, finishedTable } from './lib.mjs';

async function analysisOf(ctx, { game, variant, options, name }) {
  const bots = [{ bot: 'heuristic', name: 'Ann' }, { bot: 'random', name: 'Bob' }];
  // A match's deal is the server's to choose, and a short one may give the random player no
  // move the search is sure enough of to mark: a few matches are tried for one that has some.
  let page, dots;
  for (let attempt = 1; ; attempt++) {
    const id = await finishedTable(ctx, { game, variant, options, seats: bots });
    page = await ctx.page(`${game} analysis`);
    await page.goto(`${ctx.base}/r/${id}`);
    await page.waitForFunction(() => document.body.dataset.at === '0');
    await page.getByRole('button', { name: 'Analyse' }).click();
    await page.waitForFunction(() => ['queued', 'running', 'done'].includes(document.body.dataset.analysis));
    await page.waitForFunction(() => document.body.dataset.analysis === 'done', null, { timeout: 120_000 });
    check(await page.locator('.an-chart .an-line').count() === 1, 'the chart draws the curve');
    const rows = await page.locator('.an-seats tbody tr').allTextContents();
    check(rows.length === 2 && rows[0].includes('Ann') && rows[1].includes('Bob') && rows.every((r) => /\d+%/.test(r)), `the accuracy table names both players (${rows})`);
    dots = page.locator('.an-dot');
    if (await dots.count() > 0 || attempt === 3) break;
    // None marked: the page says so, and why moves may go unmarked.
    check(await page.locator('.an-marks').count() === 0 && (await page.locator('#analysis').textContent()).includes('No move was marked'), 'a report without marks says so');
    log(`${game}: no marked move in match ${attempt}; another match`);
    await page.close();
  }
  check(await dots.count() > 0, 'the random player has marked moves on the chart');
  check(await dots.count() === await page.locator('.an-marks li').count(), 'the chart and the list mark the same moves');
  const move = Number(await page.locator('.an-move').first().getAttribute('data-move'));
  await page.locator('.an-move').first().click();
  await page.waitForFunction((m) => document.body.dataset.at === String(m), move);
  await page.locator('#forward').click();
  await page.waitForFunction((m) => Number(document.body.dataset.at) > m, move);
  check(await page.locator('#log li[class*="mark-"]').count() > 0, 'the log marks the move just played');
  log(`${game}: analysis shows ${await dots.count()} marked moves`);
  await ctx.shot(page, name);
  // On a phone the list is far below the board: a move chosen there brings the board back.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('.an-move').last().scrollIntoViewIfNeeded();
  const last = Number(await page.locator('.an-move').last().getAttribute('data-move'));
  await page.locator('.an-move').last().click();
  await page.waitForFunction((m) => document.body.dataset.at === String(m), last);
  const top = await page.locator('#status').evaluate((e) => e.getBoundingClientRect().top);
  check(top >= 0 && top < 844 / 2, `on a phone, a marked move chosen shows the board (its status at ${top}px)`);
  await page.setViewportSize({ width: 1280, height: 800 });
  // The analysis is stored: a reload shows it at once, with no button.
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.analysis === 'done');
  await page.close();
}

// hints asks for a hint on the player's turn at a table against a bot, and checks that a table
// with two people offers none.
async function hints(ctx, { game, variant, options, want, name }) {
  const t = await ctx.api('POST', '/api/tables', { game, variant, options, seats: [{ name: 'Ann' }, { bot: 'heuristic' }] });
  const page = await ctx.page(`${game} hint`);
  await page.goto(`${ctx.base}${t.seats[0].invite}`);
  await page.waitForFunction(() => document.body.dataset.state === 'mine', null, { timeout: 30_000 });
  const ask = page.locator('#hint-ask');
  await ask.click();
  const text = await page.locator('#hint-text').textContent();
  check(want.test(text), `the hint explains itself (${text})`);
  check(await page.locator('.hint-moves li').count() > 0, 'the hint lists moves');
  log(`${game} hint: ${text}`);
  await ctx.shot(page, name);
  await page.close();
}

async function noHintAgainstPeople(ctx) {
  const t = await ctx.api('POST', '/api/tables', { game: 'pencil', seats: [{ name: 'Ann' }, { name: 'Bob' }] });
  const page = await ctx.page('people hint');
  await page.goto(`${ctx.base}${t.seats[0].invite}`);
  await page.waitForFunction(() => document.body.dataset.seq !== undefined);
  check(await page.locator('#hint').isHidden(), 'no hint panel at a table with another person');
  await page.close();
}

// tutorial opens a game's lesson from the lobby and plays it to the end by clicking the move
// each step asks for; once, it first tries another legal move and checks the explanation.
async function tutorial(ctx, title, { wrongFirst = false } = {}) {
  const page = await ctx.page(`${title} tutorial`);
  await page.goto(`${ctx.base}/`);
  await page.locator('#learn a', { hasText: title }).click();
  await page.waitForURL(/\/learn\/[a-z]+$/);
  const game = new URL(page.url()).pathname.split('/')[2];
  await page.waitForFunction(() => document.body.dataset.step !== undefined);
  let steps = 0;
  for (;;) {
    const state = await page.evaluate(() => document.body.dataset.state);
    if (state === 'done') break;
    const step = Number(await page.evaluate(() => document.body.dataset.step));
    const expect = (await page.locator('#lesson-expect').textContent()).trim();
    if (wrongFirst && steps === 0) {
      const other = page.locator(`button.move[data-move]:not([data-move="${expect}"]):not([disabled])`).first();
      if (await other.count()) {
        await other.click();
        const note = await page.locator('.lesson-note').textContent();
        check(note.includes(expect), `a wrong move is explained (${note})`);
        check(Number(await page.evaluate(() => document.body.dataset.step)) === step, 'a wrong move does not advance the lesson');
      }
    }
    if (steps === 1) await ctx.shot(page, `tutorial-${game}.png`);
    if (game === 'pencil') {
      await page.locator('.pc-number').fill(expect.replace(/^bid /, ''));
      await page.locator('.pc-send').click();
    } else {
      const button = page.locator(`button.move[data-move="${expect}"]`);
      check(await button.evaluate((b) => b.classList.contains('expected')), `the step's move is marked on the board (${expect})`);
      // Scrolled down to the move, the step's words are still on screen.
      await button.scrollIntoViewIfNeeded();
      const [top, bottom] = await page.locator('#lesson-text').evaluate((e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; });
      const height = await page.evaluate(() => window.innerHeight);
      check(top >= 0 && bottom <= height, `the step's text is on screen beside its move (${Math.round(top)}-${Math.round(bottom)} of ${height}px)`);
      check(await page.locator('button.move.expected').count() === 1, 'only the step\'s move is marked');
      // The first step is played with its number key, as at a table.
      const key = steps === 0 && await button.locator('kbd').count() ? (await button.locator('kbd').textContent()).trim() : '';
      if (key) await page.keyboard.press(key);
      else await button.click();
    }
    await page.waitForFunction((s) => Number(document.body.dataset.step) > s || document.body.dataset.state === 'done', step);
    steps++;
    check(steps < 100, 'the lesson ends');
  }
  check(await page.locator('#lesson-play').isVisible(), 'the finished lesson offers a game against a bot');
  // The board no longer asks for a move the lesson will not take.
  check(await page.locator('button.move:not([disabled])').count() === 0, 'the finished lesson offers no move');
  const score = await page.locator('#score').textContent();
  check(!/\bplayer 1\b/.test(score), `the lesson's score names the learner as you (${score})`);
  if (game !== 'pencil') {
    const board = await page.locator('#board').textContent();
    check(board.includes('The lesson ends here.') && !board.includes('Play stopped here.'), `the finished lesson's board says the lesson ends there (${board.slice(0, 200)})`);
  }
  log(`${title} tutorial completed in ${steps} steps`);
  await ctx.shot(page, `tutorial-${game}-done.png`);
  await page.close();
}

// box is where selector's element is on the screen now.
function box(page, selector) {
  return page.locator(selector).first().evaluate((e) => e.getBoundingClientRect().toJSON());
}

// phoneLesson checks that on a phone the lesson's card leaves the board in view: scrolled down
// until the step's move shows at the bottom of the screen, as a thumb scrolls to it, the court,
// the piles (the Volley Value) and the hand are below the card, not under it. 700 px is the
// screen of a 390x844 phone less its browser's bars. A wrong move's note keeps the way out in
// the card, and the card folds to its move for more room.
async function phoneLesson(ctx) {
  const page = await ctx.page('phone lesson');
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto(`${ctx.base}/learn/centercourt`);
  await page.waitForFunction(() => document.body.dataset.step === '0');
  const expect = (await page.locator('#lesson-expect').textContent()).trim();
  const boardInView = async (when) => {
    const r = await page.evaluate((m) => {
      const move = document.querySelector(`button.move[data-move="${m}"]`);
      window.scrollBy(0, move.getBoundingClientRect().bottom - innerHeight + 8);
      const at = (s) => document.querySelector(s).getBoundingClientRect().toJSON();
      return { card: at('#lesson'), court: at('.cc-court-wrap'), piles: at('.cc-piles'), hand: at('.cc-near'), move: move.getBoundingClientRect().toJSON(), height: innerHeight };
    }, expect);
    check(r.move.top >= 0 && r.move.bottom <= r.height, `${when}: the step's move is on screen (${Math.round(r.move.top)}-${Math.round(r.move.bottom)})`);
    check(r.card.bottom <= r.court.top && r.court.bottom <= r.piles.top && r.piles.bottom <= r.hand.top,
      `${when}: the court (top ${Math.round(r.court.top)}), the piles and the hand show under the card (bottom ${Math.round(r.card.bottom)}) on a phone`);
    return r;
  };
  const first = await boardInView('a phone\'s lesson');
  log(`phone lesson: card ${Math.round(first.card.bottom - first.card.top)}px, court at ${Math.round(first.court.top)}px of ${first.height}`);
  await ctx.shot(page, 'lesson-phone.png');

  // A wrong move's note: the way out stays in the card, nothing in it out of sight.
  await page.locator(`button.move[data-move]:not([data-move="${expect}"]):not([disabled])`).first().click();
  await page.locator('.lesson-note').waitFor();
  const [card, leave] = [await box(page, '#lesson'), await box(page, '#lesson-leave')];
  check(leave.top >= card.top && leave.bottom <= card.bottom, `with a note, "Leave the lesson" (${Math.round(leave.top)}-${Math.round(leave.bottom)}) is inside the card (${Math.round(card.top)}-${Math.round(card.bottom)})`);
  check(await page.locator('#lesson').evaluate((e) => e.scrollHeight <= e.clientHeight + 1), 'the card itself never scrolls: only its words do');

  // Folded, the card keeps the move and the buttons; a new step shows its words again.
  await page.locator('#lesson-fold').click();
  check(await page.locator('#lesson-text').isHidden() && await page.locator('#lesson-fold').getAttribute('aria-expanded') === 'false', 'the card folds its words away');
  check(await page.locator('#lesson-expect').isVisible() && await page.locator('#lesson-leave').isVisible(), 'a folded card still names the move and offers the way out');
  await boardInView('folded, with a note');
  await page.locator(`button.move[data-move="${expect}"]`).click();
  await page.waitForFunction(() => document.body.dataset.step === '1');
  check(await page.locator('#lesson-text').isVisible(), 'the next step shows its words again');
  await page.close();
}

// pencilLesson checks the bidding game's lesson on a phone: the field holds the bid the step
// asks for, and a wrong bid's note leaves the way out in the card.
async function pencilLesson(ctx) {
  const page = await ctx.page('pencil lesson');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${ctx.base}/learn/pencil`);
  await page.waitForFunction(() => document.body.dataset.step === '0');
  const bid = (await page.locator('#lesson-expect').textContent()).trim().replace(/^bid /, '');
  check(await page.locator('.pc-number').inputValue() === bid && await page.locator('.pc-send').textContent() === `Bid ${bid}`,
    `the bid the step asks for is ready to send (${await page.locator('.pc-number').inputValue()}, want ${bid})`);
  const wrong = bid === '1' ? '2' : '1';
  await page.locator('.pc-number').fill(wrong);
  await page.locator('.pc-send').click();
  await page.locator('.lesson-note').waitFor();
  check(Number(await page.evaluate(() => document.body.dataset.step)) === 0, 'a wrong bid does not advance the lesson');
  const [card, leave] = [await box(page, '#lesson'), await box(page, '#lesson-leave')];
  check(leave.top >= card.top && leave.bottom <= card.bottom, `after a wrong bid, "Leave the lesson" (${Math.round(leave.top)}-${Math.round(leave.bottom)}) is inside the card (${Math.round(card.top)}-${Math.round(card.bottom)})`);
  check(await page.locator('.pc-number').inputValue() === bid, 'after a wrong bid the field holds the asked bid again');
  await ctx.shot(page, 'lesson-pencil-phone.png');
  await page.locator('.pc-send').click();
  await page.waitForFunction(() => document.body.dataset.step === '1');
  await page.close();
}

// worldwideHover checks Worldwide in a narrow window with a mouse: pointing at a move shows its
// preview above the moves without moving them (the preview grew, pushed the move from under
// the pointer, collapsed, and brought it back, in a loop). The prompt says "hover" to a mouse
// and "tap" to a finger.
async function worldwideHover(ctx) {
  const req = { game: 'worldwide', variant: 'basic', seats: [{ name: 'Ann' }, { bot: 'heuristic' }] };
  // A touch screen taps: a tapped move is played, a tapped card previewed.
  let { page } = await table(ctx, 'worldwide touch', req);
  await page.setViewportSize({ width: 390, height: 844 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  await page.waitForFunction(() => document.body.dataset.state === 'mine', null, { timeout: 30_000 });
  const tap = await page.locator('.ww-preview').innerText();
  check(/^Tap a card/.test(tap) && !/hover/.test(tap), `a touch screen is told to tap (${tap})`);
  await ctx.shot(page, 'worldwide-touch-prompt.png');
  await cdp.detach();
  await page.close();

  ({ page } = await table(ctx, 'worldwide hover', req));
  await page.setViewportSize({ width: 390, height: 844 });
  const moves = page.locator('.ww-moves-box button.move:not([disabled])');
  const places = () => moves.evaluateAll((bs) => bs.map((b) => { const r = b.getBoundingClientRect(); return `${Math.round(r.x)},${Math.round(r.y)}`; }).join(' '));
  let pointed = 0;
  for (let turn = 0; turn < 12 && pointed < 8; turn++) {
    await page.waitForFunction(() => ['mine', 'over'].includes(document.body.dataset.state), null, { timeout: 30_000 });
    if (await page.evaluate(() => document.body.dataset.state) === 'over') break;
    await page.mouse.move(2, 2);
    await moves.first().scrollIntoViewIfNeeded();
    const prompt = await page.locator('.ww-preview').innerText();
    check(/hover a move/.test(prompt) && !/tap/i.test(prompt), `a mouse is told to hover a move (${prompt})`);
    const before = await places();
    for (let i = 0; i < Math.min(3, await moves.count()); i++) {
      const move = await moves.nth(i).getAttribute('data-move');
      const b = await moves.nth(i).boundingBox();
      // Near the move's top edge, where a preview growing above it would leave the pointer.
      await page.mouse.move(b.x + b.width / 2, b.y + 5, { steps: 4 });
      // The loop took 300-600 ms a turn: the moves are watched for longer.
      for (let look = 0; look < 6; look++) {
        await page.waitForTimeout(120);
        const after = await places();
        check(after === before, `pointing at «${move}» moves no move (${before} → ${after})`);
      }
      const shown = await page.locator('.ww-preview').innerText();
      check(shown.toLowerCase().includes(move.toLowerCase()), `pointing at «${move}» previews it (${shown})`);
      pointed++;
    }
    await page.mouse.move(2, 2);
    const seq = Number(await page.evaluate(() => document.body.dataset.seq));
    await moves.first().click();
    await page.waitForFunction((s) => Number(document.body.dataset.seq) > s || document.body.dataset.state === 'over', seq);
  }
  check(pointed > 0, 'some Worldwide moves were pointed at');
  log(`worldwide: ${pointed} moves pointed at in a narrow window, none moved`);
  await page.close();
}

// phoneBoard checks that on a phone AlakaSLAM's and Love Means Nothing's courts show whole
// with the moves under them, on one screen: AlakaSLAM's once its set-up (characters, mulligan,
// call, corner, shown above the court) is over, Love Means Nothing's at its first decision,
// laying out. The boards are taller than a phone, and the moves used to be a screen below.
async function phoneBoard(ctx) {
  for (const [game, court] of [['alakaslam', '.ak-court'], ['lmn', '.lmn-court']]) {
    const { page } = await table(ctx, `${game} phone`, { game, variant: 'singles', seats: [{ name: 'Ann' }, { bot: 'heuristic' }] });
    await page.setViewportSize({ width: 390, height: 844 });
    const mine = () => page.waitForFunction(() => document.body.dataset.state === 'mine', null, { timeout: 30_000 });
    await mine();
    for (let i = 0; i < 12 && await page.locator('.ak.setup').count(); i++) {
      const seq = await page.evaluate(() => document.body.dataset.seq);
      await page.locator('button.move:not([disabled])').first().click();
      await page.waitForFunction((q) => document.body.dataset.seq !== q, seq);
      await mine();
    }
    check(await page.locator('.ak.setup').count() === 0, `${game}: the set-up is over`);
    // The court scrolled to just under the status, which stays at the top of a phone's screen.
    await page.evaluate((sel) => {
      const top = document.querySelector(sel).getBoundingClientRect().top;
      window.scrollBy(0, top - document.getElementById('status').getBoundingClientRect().bottom - 4);
    }, court);
    const r = await page.evaluate((sel) => {
      const c = document.querySelector(sel).getBoundingClientRect();
      const m = document.querySelector('button.move:not([disabled])').getBoundingClientRect();
      const st = document.getElementById('status').getBoundingClientRect();
      return { status: Math.round(st.bottom), court: [Math.round(c.top), Math.round(c.bottom)], move: [Math.round(m.top), Math.round(m.bottom)], height: innerHeight };
    }, court);
    check(r.court[0] >= r.status && r.court[1] <= r.move[0] && r.move[1] <= r.height,
      `${game}: on a phone the court (${r.court}) shows whole under the status (${r.status}) with a move (${r.move}) under it, on a screen of ${r.height}px`);
    await ctx.shot(page, `${game}-phone-board.png`);
    await page.close();
  }
}

// table opens a seat (default seat 1) of a new table of Ann against bots, created through the
// API, and waits for the first update.
async function table(ctx, label, req, opts, seat = 0) {
  const t = await ctx.api('POST', '/api/tables', req);
  const page = await ctx.page(label, opts);
  await page.goto(`${ctx.base}${t.seats[seat].invite}`);
  await page.waitForFunction(() => document.body.dataset.seq !== undefined);
  return { page, id: t.id };
}

async function newcomer(ctx) {
  // AlakaSLAM's character buttons state each ability.
  let { page } = await table(ctx, 'alakaslam abilities', { game: 'alakaslam', variant: 'singles', seats: [{ name: 'Ann' }, { bot: 'heuristic' }] });
  const austin = page.locator('button.move[data-move="choose austin"]');
  await page.waitForFunction(() => document.querySelector('button.move[data-move="choose austin"] .move-detail')?.textContent.includes('Hit-2s'));
  check((await austin.textContent()).includes('straight'), 'the button choosing Austin states his ability');
  const label = await austin.locator('.move-label').textContent();
  check(label === 'Choose Æthermancer Austin', `the button names the character, not its key (${label})`);
  // The board speaks to the viewer: "Your turn to choose a character", not "You to choose".
  const status = await page.locator('.ak-status').textContent();
  check(/^Your turn to choose a character\.$/.test(status.trim()), `the status says whose turn it is as a person would (${status})`);
  // Only the options that apply: a singles table names no third or fourth character.
  const title = await page.locator('#title').textContent();
  check(!/character3|character4/.test(title), `the header of a singles table shows no options for absent seats (${title})`);
  await ctx.shot(page, 'newcomer-alakaslam-abilities.png');
  await page.close();

  // The lobby: options for absent seats hidden, a middling default opponent, a Learn to play list.
  page = await ctx.page('lobby');
  await page.goto(`${ctx.base}/`);
  await page.locator('.game-card', { hasText: 'AlakaSLAM' }).click();
  await page.locator('#variant').selectOption('singles');
  check(await page.locator('#opt-character3').isHidden() && await page.locator('#opt-character2').isVisible(), 'the lobby hides character3 in singles');
  await page.locator('#variant').selectOption('doubles');
  check(await page.locator('#opt-character4').isVisible(), 'the lobby shows character4 in doubles');
  await page.locator('.game-card', { hasText: 'Center Court' }).click();
  const levels = await page.locator('#seat-1 option').evaluateAll((os) => os.map((o) => o.value));
  const chosen = await page.locator('#seat-1').inputValue();
  check(chosen.startsWith('bot:') && chosen !== levels[levels.length - 1], `the default opponent (${chosen}) is not the strongest (${levels.at(-1)})`);
  await ctx.shot(page, 'newcomer-lobby.png');
  await page.close();

  // Love Means Nothing explains its card notation.
  ({ page } = await table(ctx, 'lmn legend', { game: 'lmn', variant: 'singles', seats: [{ name: 'Ann' }, { bot: 'heuristic' }] }));
  await page.waitForFunction(() => document.getElementById('lmn-legend')?.textContent.includes('BL+BC>BR'));
  await page.waitForFunction(() => [...document.querySelectorAll('button.move[data-move*=">"]')].some((b) => /defends .* aims at/.test(b.title)), null, { timeout: 30_000 });
  // The log collapses repeated deals.
  const lines = await page.locator('#log li').allTextContents();
  check(lines.some((l) => /×\d+$/.test(l)), `repeated lines are collapsed (${lines.slice(0, 6)})`);
  check(lines.every((l, i) => i === 0 || l !== lines[i - 1]), 'no line repeats the one before it');
  const lmnFirst = await page.locator('.lmn-board .nm').first().textContent();
  check(/you/i.test(lmnFirst), `the scoreboard lists player 1 first, as the score does (${lmnFirst})`);
  await ctx.shot(page, 'newcomer-lmn-legend.png');
  await page.close();

  // Center Court counts cards as VALUE×CARDS: each discard bar's tooltip says so in words.
  // Conceding ends points fast, which fills the discards.
  ({ page } = await table(ctx, 'cc notation', { game: 'centercourt', variant: 'tiebreak', seats: [{ name: 'Ann' }, { bot: 'heuristic' }] }));
  const discarded = () => page.evaluate(() => (document.querySelector('.discard-bars')?.getAttribute('aria-label') || '').match(/\d+ of \d/g) || []);
  for (let i = 0; i < 40 && !(await discarded()).some((c) => !c.startsWith('0 ')); i++) {
    await page.waitForFunction(() => ['mine', 'over'].includes(document.body.dataset.state), null, { timeout: 30_000 });
    const seq = Number(await page.evaluate(() => document.body.dataset.seq));
    const moves = await page.locator('.moves button.move:not([disabled])').evaluateAll((bs) => bs.map((b) => b.dataset.move));
    if (!moves.length) break;
    await page.locator(`.moves button.move[data-move="${moves.includes('concede') ? 'concede' : moves[0]}"]`).click();
    await page.waitForFunction((s) => Number(document.body.dataset.seq) > s || document.body.dataset.state === 'over', seq);
  }
  const counts = (await discarded()).map((c) => Number(c.split(' ')[0]));
  check(counts.length === 6 && counts.some((n) => n > 0), `some cards were discarded (${counts})`);
  const titles = await page.locator('.discard-bars .bar').evaluateAll((bs) => bs.map((b) => b.title));
  const words = (n) => (n === 1 ? 'one card' : `${n} cards`);
  check(titles.every((t, i) => t === `${i + 1}×${counts[i]}: ${words(counts[i])} of value ${i + 1}`),
    `each discard bar reads VALUE×CARDS and says it in words (${titles})`);
  log(`Center Court's discard bars read ${titles.filter((t, i) => counts[i] > 0).join('; ')}`);
  await ctx.shot(page, 'newcomer-cc-notation.png');
  await page.close();

  // A forced move is played after a pause, and the log says so: with 1 point each, the only bid is 1.
  ({ page } = await table(ctx, 'forced', { game: 'pencil', options: { points: '1' }, seats: [{ name: 'Ann' }, { bot: 'random' }] }));
  await page.waitForFunction(() => document.body.dataset.state === 'over', null, { timeout: 10_000 });
  const note = await page.locator('#log li.note').first().textContent();
  check(/Only one move was possible: bid 1, played for you/.test(note), `the log says the forced move was played (${note})`);
  const drawTitle = await page.locator('#end-title').textContent();
  const drawScore = await page.locator('.end-score').textContent();
  check(drawTitle === 'A draw' && /^draw: ball on the centre line, both out of points$/i.test(drawScore),
    `the end screen tells the draw (${drawTitle} | ${drawScore})`);
  await ctx.shot(page, 'newcomer-forced.png');
  await page.close();

  // The page names the players one way: "you" for the viewer, the seat's name for the bot, in
  // the log, the status, the score and the end screen. Ann spends all her points on the first
  // round; the heuristic bot then bids 1 a round (against no points) and pushes the ball from
  // +1 over the centre line and beyond Ann's field in three rounds.
  const lost = await table(ctx, 'names', { game: 'pencil', options: { points: '10' }, seats: [{ name: 'Ann' }, { bot: 'heuristic' }] });
  page = lost.page;
  await page.waitForFunction(() => document.body.dataset.state === 'mine');
  await page.locator('.pc-number').fill('10');
  await page.locator('.pc-send').click();
  await page.waitForFunction(() => document.body.dataset.state === 'over', null, { timeout: 20_000 });
  const said = await page.locator('#log li').allTextContents();
  check(said[0] === 'You: bid 10' && said.at(-1) === 'round 4: you bid 0, heuristic bot bid 1; ball out past you',
    `the log tells your bids and the bot's as "you" and "heuristic bot" (${said})`);
  check(said.every((l) => !/player \d|Ann/.test(l)), `the log names nobody "player N" nor the viewer by name (${said})`);
  const lostTexts = {
    status: await page.locator('#turn').textContent(),
    score: await page.locator('#score').textContent(),
    title: await page.locator('#end-title').textContent(),
    end: await page.locator('.end-score').textContent(),
  };
  check(lostTexts.status === 'Heuristic bot won the match' && lostTexts.title === 'Heuristic bot won' &&
    lostTexts.score === 'Heuristic bot wins: ball beyond your field' && lostTexts.end === 'Ball beyond your field',
  `the status, the score and the end screen name the bot and "your field", the end saying the winner once (${JSON.stringify(lostTexts)})`);
  log(`names: ${said.at(-1)} | ${lostTexts.end}`);
  await ctx.shot(page, 'newcomer-names.png');
  await page.close();

  // A team is named as the board names it: a point the bots' team wins is "to Bob & Cleo" in
  // the log and on the board, never "players 1 and 3". Ann, alone in Canadian doubles, concedes
  // whenever she may.
  ({ page } = await table(ctx, 'team names', { game: 'alakaslam', variant: 'canadian', seats: [{ bot: 'heuristic', name: 'Bob' }, { name: 'Ann' }, { bot: 'heuristic', name: 'Cleo' }] }, {}, 1));
  const theirPoint = () => page.locator('#log li', { hasText: 'point to Bob & Cleo' }).count();
  for (let i = 0; i < 60 && !await theirPoint(); i++) {
    await page.waitForFunction(() => ['mine', 'over'].includes(document.body.dataset.state), null, { timeout: 30_000 });
    if (await theirPoint() || await page.evaluate(() => document.body.dataset.state) === 'over') break;
    const seq = Number(await page.evaluate(() => document.body.dataset.seq));
    const moves = await page.locator('.moves button.move:not([disabled])').evaluateAll((bs) => bs.map((b) => b.dataset.move));
    const pick = moves.find((m) => m === 'concede') || moves.find((m) => !/^(pick|take back)/.test(m)) || moves[0];
    await page.locator(`.moves button.move[data-move="${pick}"]`).click();
    await page.waitForFunction((s) => Number(document.body.dataset.seq) > s || document.body.dataset.state === 'over', seq);
  }
  const { points, info } = await page.evaluate(() => ({
    points: [...document.querySelectorAll('#log li')].map((l) => l.textContent).filter((l) => /point to/.test(l)),
    info: document.querySelector('.ak-side').textContent,
  }));
  check(points.some((l) => /point to Bob & Cleo \(/.test(l)) && points.every((l) => /point to (Bob & Cleo|you) \(/.test(l)),
    `the log names the team that won each point (${points})`);
  const lastTo = /point to (.+?) \(/.exec(points.at(-1))[1];
  check(new RegExp(`Point \\d+[^,]+, to ${lastTo}`).test(info), `the board names the team as the log does (${info})`);
  // The opening call decided the first serve only: once a point is played it is not shown.
  check(!info.includes('called'), `the opening call is gone once a point is played (${info})`);
  log(`team names: ${points.join(' | ')}`);
  await ctx.shot(page, 'newcomer-team-names.png');
  await page.close();

  // Worldwide's scoreboard lists the players in the order of the score in the status bar.
  ({ page } = await table(ctx, 'worldwide order', { game: 'worldwide', variant: 'tiebreak', seats: [{ name: 'Ann' }, { bot: 'heuristic' }] }));
  await page.waitForFunction(() => document.querySelector('.ww-board .row .nm, .row .nm'));
  const first = await page.locator('.row .nm').first().textContent();
  check(/you/i.test(first), `the scoreboard lists seat 1 first, as the score does (${first})`);
  await ctx.shot(page, 'newcomer-worldwide-order.png');
  await page.close();

  // The lobby names the winner of a finished match, and the player beaten, by their names.
  page = await ctx.page('lobby names');
  await page.goto(`${ctx.base}/`);
  const row = page.locator(`#finished li.table-row[data-id="${lost.id}"] .table-main > div.muted`);
  await row.waitFor();
  const outcome = await row.textContent();
  check(outcome.startsWith("Heuristic bot wins: ball beyond Ann's field · "), `the lobby names the winner and Ann (${outcome})`);
  const finished = await page.locator('#finished').textContent();
  check(!/players? \d/.test(finished), `the lobby names nobody "player N" (${finished.slice(0, 200)})`);
  await page.close();
}

// dieLeavesServing steps a Center Court replay and checks, at every position showing the
// Service Die, that it does not overlap the SERVING label.
async function dieLeavesServing(ctx) {
  const id = await finishedTable(ctx, { game: 'centercourt', variant: 'tiebreak', seats: [{ bot: 'heuristic', name: 'Ann' }, { bot: 'random', name: 'Bob' }] });
  const page = await ctx.page('die');
  await page.goto(`${ctx.base}/r/${id}`);
  await page.waitForFunction(() => document.body.dataset.at === '0');
  const total = Number(await page.locator('#slider').getAttribute('max'));
  let checked = 0;
  // Until four positions showed it, over the whole replay: the server deals the match, and
  // once none of a match's first 150 moves showed the Service Die with the SERVING label.
  for (let at = 1; at <= total && checked < 4; at++) {
    await page.evaluate((a) => { const s = document.getElementById('slider'); s.value = String(a); s.dispatchEvent(new Event('input')); }, at);
    await page.waitForFunction((a) => document.body.dataset.at === String(a), at);
    const overlap = await page.evaluate(() => {
      const die = document.querySelector('.cc-die');
      const label = document.querySelector('.cc-serving');
      if (!die || !label) return null;
      const a = die.getBoundingClientRect();
      const b = label.getBoundingClientRect();
      return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    });
    if (overlap === null) continue;
    check(!overlap, `at move ${at} the Service Die covers the SERVING label`);
    if (!checked) await ctx.shot(page, 'newcomer-die.png');
    checked++;
  }
  check(checked > 0, 'some position showed the Service Die');
  // The list of moves hides the draws and dice while they are skipped, and shows them otherwise.
  const chanceShown = () => page.locator('#log li', { hasText: /^chance:/ }).evaluateAll((ls) => ls.filter((l) => l.offsetParent !== null && !l.classList.contains('current')).length);
  const players = await page.locator('#log li', { hasNotText: /^chance:/ }).count();
  check(players > 0 && await chanceShown() === 0, 'the list of moves shows no draws while they are skipped');
  await page.locator('#skip').uncheck();
  check(await chanceShown() > 0, 'the list of moves shows the draws once they are not skipped');
  log(`the Service Die left SERVING readable in ${checked} positions`);
  await page.close();
}

// motion plays a few moves of Center Court and checks that the board animates them, and that
// nothing moves for a person who prefers reduced motion.
async function motion(ctx, reducedMotion) {
  const { page } = await table(ctx, `motion ${reducedMotion}`, { game: 'centercourt', variant: 'tiebreak', seats: [{ name: 'Ann' }, { bot: 'heuristic' }] }, { reducedMotion });
  for (let i = 0; i < 3; i++) {
    await page.waitForFunction(() => ['mine', 'over'].includes(document.body.dataset.state), null, { timeout: 30_000 });
    const seq = Number(await page.evaluate(() => document.body.dataset.seq));
    const b = page.locator('.moves button.move:not([disabled])').first();
    if (await b.count()) await b.click();
    await page.waitForFunction((s) => Number(document.body.dataset.seq) > s, seq);
  }
  const moved = Number(await page.evaluate(() => document.body.dataset.moved || 0));
  if (reducedMotion === 'reduce') check(moved === 0, `nothing moves with reduced motion (${moved})`);
  else check(moved > 0, 'the ball and the cards glide');
  log(`motion (${reducedMotion}): ${moved} movements animated`);
  await page.close();
}

// idleTable checks that a table this browser holds a seat at stays in "Your tables" once nobody
// has moved at it for longer than "Live now" looks back (the server's ActiveWithin, 2 s here).
async function idleTable(ctx) {
  const { page, id } = await table(ctx, 'idle table', { game: 'centercourt', variant: 'tiebreak', seats: [{ name: 'Ann' }, { bot: 'heuristic' }] });
  await page.waitForTimeout(3000);
  await page.goto(`${ctx.base}/`);
  await page.locator(`#mine li[data-id="${id}"] a`, { hasText: 'Resume' }).waitFor();
  check(await page.locator(`#live li[data-id="${id}"]`).count() === 0, 'the idle table is no longer live now');
  log('an idle table stays in "Your tables"');
  // It can be resigned from there, after a confirmation, without opening it.
  page.once('dialog', (d) => d.accept());
  await page.locator(`#mine li[data-id="${id}"] button[data-end="resign"]`).click();
  await page.locator(`#mine li[data-id="${id}"]`).waitFor({ state: 'detached' });
  const resigned = await page.evaluate(async (t) => (await fetch(`/api/tables/${t}`)).json(), id);
  check(resigned.ended === 'resigned', `the table was resigned (${JSON.stringify(resigned.ended)})`);
  // A table waiting for a friend is called off the same way.
  const t = await ctx.api('POST', '/api/tables', { game: 'pencil', seats: [{ name: 'Ann' }, { name: 'Bea' }] });
  await page.goto(`${ctx.base}${t.seats[0].invite}`);
  await page.waitForFunction(() => document.body.dataset.seq !== undefined);
  await page.goto(`${ctx.base}/`);
  // The question names whom the table still waits for.
  let question = '';
  page.once('dialog', (d) => { question = d.message(); d.accept(); });
  await page.locator(`#mine li[data-id="${t.id}"] button[data-end="cancel"]`).click();
  await page.locator(`#mine li[data-id="${t.id}"]`).waitFor({ state: 'detached' });
  const cancelled = await page.evaluate(async (x) => (await fetch(`/api/tables/${x}`)).json(), t.id);
  check(cancelled.ended === 'cancelled', `the table was called off (${JSON.stringify(cancelled.ended)})`);
  check(question === 'Call off this Tennis (paper and pencil) table? It is still waiting for Bea.', `the call-off question (${question})`);
  log('"Your tables" resigns a match and calls off a table without opening them');
  await page.close();
}

// forcedThenChoice checks that the moves shown right after a forced move take no click for a
// moment: in Love Means Nothing, Ann lays out preparation cards until "done" is her only move,
// which is played for her, and her serves come next, shown "guarded" before "mine".
async function forcedThenChoice(ctx) {
  const { page } = await table(ctx, 'forced then choice', { game: 'lmn', variant: 'singles', options: { 'first-server': '1' }, seats: [{ name: 'Ann' }, { bot: 'heuristic' }] });
  await page.evaluate(() => {
    window.states = [];
    new MutationObserver(() => window.states.push(document.body.dataset.state)).observe(document.body, { attributes: true, attributeFilter: ['data-state'] });
  });
  for (let i = 0; i < 20; i++) {
    await page.waitForFunction(() => document.body.dataset.state === 'mine', null, { timeout: 30_000 });
    const prep = page.locator('button.move[data-move^="prep"]:not([disabled])');
    if (!await prep.count()) break;
    const seq = Number(await page.evaluate(() => document.body.dataset.seq));
    await prep.first().click();
    await page.waitForFunction((s) => Number(document.body.dataset.seq) > s, seq);
  }
  await page.locator('#log li.note', { hasText: 'Only one move was possible: done' }).waitFor({ timeout: 10_000 });
  await page.waitForFunction(() => document.body.dataset.state === 'mine', null, { timeout: 10_000 });
  const states = await page.evaluate(() => window.states);
  const k = states.lastIndexOf('guarded');
  check(k >= 0 && states.slice(k + 1).includes('mine'), `the serves after the forced "done" were guarded first (${states.join(' ')})`);
  log('the moves after a forced move take no click for a moment');
  await page.close();
}

await session(async (ctx) => {
  await idleTable(ctx);
  await forcedThenChoice(ctx);
  await newcomer(ctx);
  await dieLeavesServing(ctx);
  await motion(ctx, 'no-preference');
  await motion(ctx, 'reduce');
  await tutorial(ctx, 'Center Court', { wrongFirst: true });
  await tutorial(ctx, 'Tennis (paper and pencil)');
  await tutorial(ctx, 'Love Means Nothing');
  await tutorial(ctx, 'AlakaSLAM');
  await tutorial(ctx, 'Worldwide Tennis');
  await phoneLesson(ctx);
  await phoneBoard(ctx);
  await pencilLesson(ctx);
  await worldwideHover(ctx);
  await hints(ctx, { game: 'pencil', variant: 'standard', options: { points: '20' }, want: /Optimal play here/, name: 'hint-pencil.png' });
  await hints(ctx, { game: 'centercourt', variant: 'tiebreak', want: /hard bot would choose .* won about \d+%/, name: 'hint-centercourt.png' });
  await noHintAgainstPeople(ctx);
  await analysisOf(ctx, { game: 'pencil', variant: 'standard', options: { points: '20' }, name: 'analysis-pencil.png' });
  await analysisOf(ctx, { game: 'centercourt', variant: 'tiebreak', name: 'analysis-centercourt.png' });
});
