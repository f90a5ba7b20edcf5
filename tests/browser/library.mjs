// The browser opens a battle from the library by touch (issue 61): the start dialog's library
// narrowed to the small battles by a tap on its "small" filter, Little Round Top's card tapped,
// the page reopening on that battle, and Start tapped to begin it; the trace must name the
// battle on the table after each step.
//
// node tests/browser/library.mjs SITE_DIR OUT_DIR
import { probe, fail, serveSite } from './probe.mjs';
import fs from 'node:fs';

const [site, out] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });

const { server, port } = await serveSite(site);

const { browser, page, until, layout, touch, tap, shot } = await probe(out, 'library-');
const rect = (name) => {
  const r = (layout().button_rects || []).find((b) => b.name === name);
  if (!r) fail(`no ${name} button: ` + JSON.stringify(layout().button_rects.map((b) => b.name)));
  return [r.rect[0] + r.rect[2] / 2, r.rect[1] + r.rect[3] / 2];
};
const card = 'Battle:maps/little_round_top.ron';
try {
  await page.goto(`http://127.0.0.1:${port}/`);
  const first = await until('the library', (e) => e.event === 'layout'
    && (e.data.button_rects || []).some((b) => b.name === 'Filter:small'), 20000);
  if (first.data.battle === "Little Round Top, Gettysburg, 2 July 1863") fail('already on it');
  await page.waitForTimeout(500);
  await shot('library-1-open.png');
  await tap(rect('Filter:small'));
  // Narrowed: the small battles' cards come to the top of the library.
  await until('narrowed', (e) => e.event === 'layout' && e.data.button_rects.some((b) => b.name === card
    && b.rect[1] + b.rect[3] < e.data.window[1] - 60), 15000);
  await page.waitForTimeout(500);
  await shot('library-2-small.png');
  // The card opens its battle as soon as it is pressed: the page goes to it under the finger
  // (so no waiting on the old page's frames, as `tap` does).
  const [x, y] = rect(card);
  await touch('touchStart', x, y);
  await page.waitForTimeout(150);
  await touch('touchEnd').catch(() => {});
  // The page reopens on the battle: its start dialog, the battle on the table.
  await page.waitForURL(/little_round_top/, { timeout: 20000 });
  const opened = await until('the battle opened', (e) => e.event === 'layout'
    && e.data.battle === 'Little Round Top, Gettysburg, 2 July 1863' && e.data.buttons.Start, 30000);
  await page.waitForTimeout(500);
  await shot('library-3-opened.png');
  await tap(opened.data.buttons.Start);
  await until('game start', (e) => e.event === 'started', 15000);
  await page.waitForTimeout(500);
  await shot('library-4-started.png');
  console.log('library: Little Round Top opened from the library by touch and started');
} finally {
  await browser.close();
  server.close();
}
