// What both browser tests share: headless Chromium as a 1024×768 touch tablet, the game's
// BAYONET_TRACE lines collected from the console, waiting for one, touches through DevTools,
// screenshots. `probe(out, prefix)` returns them; `fail` marks the run failed and throws.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const require = createRequire(path.join(process.env.PLAYWRIGHT_DIR || '.', 'x.js'));
const { chromium } = require('playwright-core');

export const fail = (why) => { console.error('FAIL: ' + why); process.exitCode = 1; throw new Error(why); };

// The console line may carry the log's own decoration after the JSON: take the longest prefix
// that parses.
const parse = (t) => {
  for (let end = t.lastIndexOf('}'); end > 0; end = t.lastIndexOf('}', end - 1)) {
    try { return JSON.parse(t.slice(0, end + 1)); } catch { /* shorter */ }
  }
  return { event: 'unreadable', data: t };
};

export async function probe(out, prefix = '') {
  fs.mkdirSync(out, { recursive: true });
  // A browser test that waits on something that never comes (CI once waited on a touch sent
  // to a page that had gone) fails after ten minutes instead of holding the whole run.
  setTimeout(() => {
    console.error(`FAIL: ${prefix || 'the browser test'} still running after ten minutes`);
    process.exit(1);
  }, 600000).unref();
  // Chromium now and then dies at start-up on a loaded machine (SIGSEGV before any page): try
  // three times before calling the test failed; a failure after start-up is never retried.
  let browser;
  for (let attempt = 1; !browser; attempt++) {
    try {
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
          '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      });
    } catch (e) {
      if (attempt >= 3) throw e;
      console.error(`chromium did not start (attempt ${attempt}): ${String(e).split('\n')[0]}`);
    }
  }
  const ctx = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: true });
  const page = await ctx.newPage();
  const trace = [];
  const errors = [];
  page.on('console', (m) => {
    const t = m.text();
    const i = t.indexOf('BAYONET_TRACE ');
    if (i >= 0) trace.push(parse(t.slice(i + 14)));
    if (m.type() === 'error') errors.push(t);
  });
  page.on('pageerror', (e) => errors.push('PAGEERROR ' + e.message));
  const until = async (what, pred, ms = 120000) => {
    const t0 = Date.now();
    for (;;) {
      const hit = trace.filter(pred);
      if (hit.length) return hit[hit.length - 1];
      if (Date.now() - t0 > ms) {
        await page.screenshot({ path: path.join(out, prefix + 'failed.png') });
        const last = trace.slice(-4).map((e) => JSON.stringify(e).slice(0, 300)).join('\n');
        fail(`no ${what} within ${ms} ms; last trace:\n${last}\nerrors: ${errors.slice(-5).join(' | ')}`);
      }
      await page.waitForTimeout(100);
    }
  };
  const layout = () => trace.filter((e) => e.event === 'layout').pop().data;
  const cdp = await ctx.newCDPSession(page);
  const touch = (type, x, y) => cdp.send('Input.dispatchTouchEvent',
    { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }] });
  // Two of the page's animation frames: the game draws one a frame, so the touch below has
  // been read by at least one whole frame of the game before the finger lifts. On a busy
  // machine Brandy Station draws a few frames a second, and a touch that starts and ends
  // between two of them is never seen by the buttons (CI once lost the Move brigade tap so).
  const frames = () => page.evaluate(() => new Promise((r) =>
    requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  // Held at least 80 ms and at most 400 (under the game's half-second long press).
  const tap = async ([x, y]) => {
    await touch('touchStart', x, y);
    await Promise.all([page.waitForTimeout(80), Promise.race([frames(), page.waitForTimeout(400)])]);
    await touch('touchEnd');
    await page.waitForTimeout(400);
  };
  // A long press (1 s, twice the game's half second: a busy machine draws Brandy Station at a
  // few frames a second) on `from`, dragged to `to` in ten steps, the finger still down: the
  // caller looks at the preview, then lifts it (touch('touchEnd')).
  const longDrag = async (from, to) => {
    await touch('touchStart', from[0], from[1]);
    await page.waitForTimeout(1000);
    for (let i = 1; i <= 10; i++) {
      await touch('touchMove', from[0] + ((to[0] - from[0]) * i) / 10, from[1] + ((to[1] - from[1]) * i) / 10);
      await page.waitForTimeout(40);
    }
  };
  const shot = (name) => page.screenshot({ path: path.join(out, name) });
  return { browser, ctx, page, trace, errors, until, layout, cdp, touch, tap, longDrag, shot };
}

// The wasm build's site on a port of its own (the page opens `/?scenario=…` and the like), or on
// `port` (the same origin again, for its service worker).
export async function serveSite(site, port = 0) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm',
    '.webmanifest': 'application/manifest+json', '.png': 'image/png' };
  const server = http.createServer((q, r) => {
    const f = path.join(site, q.url === '/' || q.url.startsWith('/?') ? 'index.html' : q.url.split('?')[0]);
    if (!fs.existsSync(f)) { r.writeHead(404); return r.end(); }
    r.writeHead(200, { 'content-type': types[path.extname(f)] || 'application/octet-stream' });
    fs.createReadStream(f).pipe(r);
  }).listen(port, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { server, port: server.address().port };
}
