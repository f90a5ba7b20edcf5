// The browser build's figures (issue 63, item 2), for any build of the site: its size (the wasm
// as sent gzipped), the first frame (the start dialog laid out) after a cold open of the page,
// and the frame pacing while a finger drags a melee across Brandy Station (the frames' spacing
// from the page's own animation frames: median and 90th percentile). Prints one JSON line;
// with MAX_GZIP_KIB / MAX_FIRST_FRAME_MS set, fails above them.
//
// node tests/browser/figures.mjs SITE_DIR OUT_DIR [LABEL]
import { probe, fail, serveSite } from './probe.mjs';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const [site, out, label = 'site'] = process.argv.slice(2);
const wasm = fs.readFileSync(path.join(site, 'bayonet_bg.wasm'));
const gzipKib = Math.round(zlib.gzipSync(wasm, { level: 9 }).length / 1024);
const { server, port } = await serveSite(site);
const { browser, page, until, layout, touch, longDrag } = await probe(out, 'figures-');
try {
  // The cold open: nothing cached, the whole wasm over the wire and compiled.
  const t0 = Date.now();
  await page.goto(`http://127.0.0.1:${port}/?scenario=maps/harpers_crossing.ron`);
  await until('start dialog', (e) => e.event === 'layout' && e.data.buttons.Start);
  const firstFrame = Date.now() - t0;

  await page.goto(`http://127.0.0.1:${port}/?scenario=maps/brandy_station.ron&computer=none`);
  await until('game start', (e) => e.event === 'started');
  await until('toolbar', (e) => e.event === 'layout' && e.data.buttons.EndTurn);
  await page.waitForTimeout(1500);
  // Davis's regiment (55,12) dragged towards and past its neighbour, as a melee drag is.
  const hexes = layout().hexes;
  const [a, b] = [hexes['55,12'], hexes['54,11']];
  if (!a || !b) fail('Brandy Station\'s 55,12 and 54,11 are not drawn: ' + Object.keys(hexes));
  await page.evaluate(() => {
    window.bayonetFrames = [];
    const tick = (t) => { window.bayonetFrames.push(t); if (!window.bayonetFramesStop) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  await longDrag(a, b);
  const far = [b[0] + (b[0] - a[0]) * 3, b[1] + (b[1] - a[1]) * 3];
  for (let i = 1; i <= 30; i++) {
    await touch('touchMove', b[0] + ((far[0] - b[0]) * i) / 30, b[1] + ((far[1] - b[1]) * i) / 30);
    await page.waitForTimeout(50);
  }
  await touch('touchEnd');
  const stamps = await page.evaluate(() => { window.bayonetFramesStop = true; return window.bayonetFrames; });
  const gaps = stamps.slice(1).map((t, i) => t - stamps[i]).sort((x, y) => x - y);
  const at = (q) => Math.round(gaps[Math.min(gaps.length - 1, Math.floor(q * gaps.length))] || 0);
  const figures = { label, wasm_kib: Math.round(wasm.length / 1024), gzip_kib: gzipKib,
    first_frame_ms: firstFrame, drag_frames: gaps.length, frame_ms_median: at(0.5), frame_ms_p90: at(0.9) };
  console.log(JSON.stringify(figures));
  const max = (name) => process.env[name] ? Number(process.env[name]) : Infinity;
  if (gzipKib > max('MAX_GZIP_KIB')) fail(`the wasm is ${gzipKib} KiB gzipped, over ${max('MAX_GZIP_KIB')}`);
  if (firstFrame > max('MAX_FIRST_FRAME_MS')) fail(`the first frame took ${firstFrame} ms, over ${max('MAX_FIRST_FRAME_MS')}`);
} finally {
  await browser.close();
  server.close();
}
