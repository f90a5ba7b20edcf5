// The browser build installable and offline (issue 63, item 3): the first visit installs the
// service worker and keeps the game; Chromium finds the page installable (its manifest and
// icons, no error but the test browser's own private window); then the server is stopped and the
// network cut, and the page still opens: a battle against the computer is started and a whole
// turn of the computer's played, and the boot camp's first lesson opens. Then a new build is put
// on the server: the next visit fetches it beside the old, and the visit after runs it.
//
// node tests/browser/offline.mjs SITE_DIR OUT_DIR
import { probe, fail, serveSite } from './probe.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [site, out] = process.argv.slice(2);
// A copy of the site: the test makes a "new build" of it.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bayonet-offline-'));
for (const f of fs.readdirSync(site)) fs.copyFileSync(path.join(site, f), path.join(dir, f));
const build = () => /name="bayonet-build" content="([^"]*)"/.exec(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'))[1];
const first = build();
if (first === 'unbuilt') fail('the site was not stamped with its build by .ci/web');

let { server, port } = await serveSite(dir);
const stop = () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); });
const { browser, ctx, page, trace, until, layout, cdp, tap, shot } = await probe(out, 'offline-');
// Every sound the game starts in the page's Web Audio, counted (the game's sound in the browser,
// issue 63 item 1).
await page.addInitScript(() => {
  window.bayonetSoundsStarted = 0;
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (...a) { window.bayonetSoundsStarted += 1; return start.apply(this, a); };
});
const kept = () => page.evaluate(async () => {
  const keys = await caches.keys();
  const out = {};
  for (const k of keys) {
    const c = await caches.open(k);
    out[k] = (await c.keys()).map((r) => new URL(r.url).pathname);
  }
  return out;
});
// A new page forgets the last one's trace, so that each wait below is for the new page's lines.
const visit = async (url) => { trace.length = 0; await page.goto(url); };
const pageBuild = () => page.evaluate(() => document.querySelector('meta[name="bayonet-build"]').content);
try {
  // 1. The first visit, online: the worker installs and keeps every file.
  await visit(`http://127.0.0.1:${port}/`);
  await until('start dialog', (e) => e.event === 'layout' && e.data.buttons.Start);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const t0 = Date.now();
  let cache = {};
  while (!(cache[`bayonet-${first}`] || []).includes('/bayonet_bg.wasm')) {
    if (Date.now() - t0 > 60000) fail('the worker did not keep the game: ' + JSON.stringify(cache));
    await page.waitForTimeout(250);
    cache = await kept();
  }
  // 2. Installable: the manifest read, its icons there; Chromium's only objection may be that a
  // test's browser context is a private window.
  const manifest = await cdp.send('Page.getAppManifest');
  if (manifest.errors.length) fail('the manifest: ' + JSON.stringify(manifest.errors));
  const parsed = JSON.parse(manifest.data);
  if (parsed.short_name !== 'Bayonet' || parsed.icons.length < 2) fail('the manifest: ' + manifest.data);
  const inst = await cdp.send('Page.getInstallabilityErrors');
  const errs = inst.installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
  if (errs.length) fail('not installable: ' + JSON.stringify(inst.installabilityErrors));

  // 3. The network gone: the server stopped and the browser offline.
  await stop();
  await ctx.setOffline(true);
  const t1 = Date.now();
  await visit(`http://127.0.0.1:${port}/?scenario=maps/test_melee.ron`);
  await until('start dialog, offline', (e) => e.event === 'layout' && e.data.buttons.Start, 60000);
  const offlineFrame = Date.now() - t1;
  await page.waitForTimeout(500);
  await shot('offline-1-dialog.png');
  await tap(layout().buttons.Start);
  await until('game start, offline', (e) => e.event === 'started');
  await until('toolbar', (e) => e.event === 'layout' && e.data.buttons.EndTurn);
  await page.waitForTimeout(300);
  await tap(layout().buttons.EndTurn);
  await page.waitForTimeout(300);
  await tap(layout().buttons.EndTurn);
  await until('the computer\'s turn, offline', (e) => e.event === 'turn' && e.data.side === 1, 20000);
  await until('our turn again, offline', (e) => e.event === 'turn' && e.data.side === 0, 90000);
  const heard = trace.filter((e) => e.event === 'sound').map((e) => JSON.stringify(e.data.cue));
  const audio = await page.evaluate(() => ({ state: window.bayonetAudio && window.bayonetAudio.state,
    started: window.bayonetSoundsStarted }));
  if (!heard.includes('"NewTurn"')) fail('no drums and bugle for the computer\'s turn: ' + heard);
  // The first tap's click may come before the page's audio has woken.
  if (audio.state !== 'running' || audio.started === 0 || audio.started < heard.length - 2) {
    fail(`the page's audio did not play the game's sounds: ${JSON.stringify(audio)}, asked ${heard.length}`);
  }
  await shot('offline-2-after-computer-turn.png');
  // The boot camp, offline.
  await visit(`http://127.0.0.1:${port}/?lesson=1`);
  await until('lesson 1, offline', (e) => e.event === 'started', 60000);
  await page.waitForTimeout(800);
  await shot('offline-3-lesson.png');

  // 4. A new build on the server: the next visit (online) fetches it, the one after runs it.
  const next = 'next' + first.slice(4);
  fs.writeFileSync(path.join(dir, 'index.html'),
    fs.readFileSync(path.join(dir, 'index.html'), 'utf8').replace(`content="${first}"`, `content="${next}"`));
  fs.writeFileSync(path.join(dir, 'sw.js'),
    fs.readFileSync(path.join(dir, 'sw.js'), 'utf8').replace(`const BUILD = '${first}';`, `const BUILD = '${next}';`));
  ({ server, port } = await serveSite(dir, port));
  await ctx.setOffline(false);
  await visit(`http://127.0.0.1:${port}/`);
  await until('start dialog', (e) => e.event === 'layout' && e.data.buttons.Start, 60000);
  const during = await pageBuild();
  const t2 = Date.now();
  for (cache = await kept(); !(cache[`bayonet-${next}`] || []).includes('/bayonet_bg.wasm') || cache[`bayonet-${first}`];
    cache = await kept()) {
    if (Date.now() - t2 > 60000) fail('the new build was not taken up: ' + JSON.stringify(cache));
    await page.waitForTimeout(250);
  }
  await visit(`http://127.0.0.1:${port}/`);
  await until('start dialog', (e) => e.event === 'layout' && e.data.buttons.Start, 60000);
  const after = await pageBuild();
  if (after !== next) fail(`the visit after the update runs ${after}, not the new ${next}`);
  console.log(JSON.stringify({ ok: true, offline: true, installable: true, kept: cache[`bayonet-${next}`],
    offline_first_frame_ms: offlineFrame, sounds: { asked: heard, web_audio: audio },
    update: { was: first, during_the_visit_that_found_it: during, next_visit: after } }));
} finally {
  await browser.close();
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
