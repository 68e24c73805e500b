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
  const id = await finishedTable(ctx, { game, variant, options, seats: bots });
  const page = await ctx.page(`${game} analysis`);
  await page.goto(`${ctx.base}/r/${id}`);
  await page.waitForFunction(() => document.body.dataset.at === '0');
  await page.getByRole('button', { name: 'Analyse' }).click();
  await page.waitForFunction(() => ['queued', 'running', 'done'].includes(document.body.dataset.analysis));
  await page.waitForFunction(() => document.body.dataset.analysis === 'done', null, { timeout: 120_000 });
  check(await page.locator('.an-chart .an-line').count() === 1, 'the chart draws the curve');
  const rows = await page.locator('.an-seats tbody tr').allTextContents();
  check(rows.length === 2 && rows[0].includes('Ann') && rows[1].includes('Bob') && rows.every((r) => /\d+%/.test(r)), `the accuracy table names both players (${rows})`);
  const dots = page.locator('.an-dot');
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
      await page.locator(`button.move[data-move="${expect}"]`).click();
    }
    await page.waitForFunction((s) => Number(document.body.dataset.step) > s || document.body.dataset.state === 'done', step);
    steps++;
    check(steps < 100, 'the lesson ends');
  }
  check(await page.locator('#lesson-play').isVisible(), 'the finished lesson offers a game against a bot');
  log(`${title} tutorial completed in ${steps} steps`);
  await ctx.shot(page, `tutorial-${game}-done.png`);
  await page.close();
}

await session(async (ctx) => {
  await tutorial(ctx, 'Center Court', { wrongFirst: true });
  await tutorial(ctx, 'Tennis (paper and pencil)');
  await tutorial(ctx, 'Love Means Nothing');
  await tutorial(ctx, 'AlakaSLAM');
  await tutorial(ctx, 'Worldwide Tennis');
  await hints(ctx, { game: 'pencil', variant: 'standard', options: { points: '20' }, want: /Optimal play here/, name: 'hint-pencil.png' });
  await hints(ctx, { game: 'centercourt', variant: 'tiebreak', want: /hard bot would play .* won about \d+%/, name: 'hint-centercourt.png' });
  await noHintAgainstPeople(ctx);
  await analysisOf(ctx, { game: 'pencil', variant: 'standard', options: { points: '20' }, name: 'analysis-pencil.png' });
  await analysisOf(ctx, { game: 'centercourt', variant: 'tiebreak', name: 'analysis-centercourt.png' });
});
