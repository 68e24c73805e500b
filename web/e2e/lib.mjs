// Helpers shared by the browser scripts: a Chromium session whose pages fail the run on any
// console error, checks, logging and screenshots.

import { chromium } from 'playwright-core';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const STEP_TIMEOUT = 20_000; // ms for any one thing to appear

const started = Date.now();

export function log(msg) {
  const s = ((Date.now() - started) / 1000).toFixed(1).padStart(5);
  console.log(`[browser ${s}s] ${msg}`);
}

export function check(ok, msg) {
  if (!ok) throw new Error(`check failed: ${msg}`);
}

// session runs body(ctx) with a fresh browser profile; ctx offers page(label, options) and
// shot(page, name). It exits non-zero when body throws or a page logged an error.
export async function session(body) {
  const [base, outDir] = process.argv.slice(2);
  if (!base || !outDir) {
    console.error('usage: node <script> <server base URL> <output directory>');
    process.exit(2);
  }
  await mkdir(outDir, { recursive: true });
  const problems = [];
  let current = null;
  const profile = await mkdtemp(path.join(tmpdir(), 'deuce-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1280, height: 900 },
  });
  const ctx = {
    base,
    browser,
    async page(label, { reducedMotion } = {}) {
      const page = await browser.newPage();
      if (reducedMotion) await page.emulateMedia({ reducedMotion });
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`${label}: console error: ${m.text()} (${m.location()?.url || ''})`);
      });
      page.on('pageerror', (err) => problems.push(`${label}: uncaught exception: ${err.stack || err.message}`));
      page.setDefaultTimeout(STEP_TIMEOUT);
      current = page;
      return page;
    },
    async shot(page, name) {
      const file = path.join(outDir, name);
      await page.screenshot({ path: file, fullPage: true });
      log(`screenshot ${file}`);
    },
    // api calls the server's JSON API from node.
    async api(method, p, body) {
      const resp = await fetch(base + p, {
        method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined,
      });
      const data = await resp.json();
      if (!resp.ok) throw new Error(`${method} ${p}: ${resp.status} ${data.error}`);
      return data;
    },
  };
  try {
    await body(ctx);
    if (problems.length) throw new Error(`the pages reported errors:\n  ${problems.join('\n  ')}`);
    log(`all checks passed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  } catch (err) {
    console.error(`[browser] FAILED: ${err.stack || err.message}`);
    if (current && !current.isClosed()) {
      await current.screenshot({ path: path.join(outDir, 'failure.png'), fullPage: true }).catch(() => {});
      console.error(`[browser] failure screenshot: ${path.join(outDir, 'failure.png')} (page ${current.url()})`);
    }
    if (problems.length) {
      console.error(`[browser] page errors:\n  ${problems.join('\n  ')}`);
      await writeFile(path.join(outDir, 'console-errors.txt'), problems.join('\n') + '\n').catch(() => {});
    }
    process.exitCode = 1;
  } finally {
    await browser.close().catch(() => {});
    await rm(profile, { recursive: true, force: true }).catch(() => {});
  }
}

// finishedTable creates a table of two bots and waits until their match is over.
export async function finishedTable(ctx, req) {
  const t = await ctx.api('POST', '/api/tables', req);
  for (let i = 0; i < 600; i++) {
    const s = await ctx.api('GET', `/api/tables/${t.id}`);
    if (s.status === 'finished') return t.id;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`table ${t.id} did not finish`);
}
