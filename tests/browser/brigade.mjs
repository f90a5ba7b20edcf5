// The browser moves a brigade as one by touch (issue 47): Brandy Station under Command Control
// at one screen, the Union to act. A tap on Davis (55,12) selects him, a tap on Move brigade
// starts the brigade's move, and a long press on his hex dragged four hexes south-east and
// released sends the 1st Brigade: every one of its regiments leaves its hex (the trace's hexes
// are the counters drawn).
//
// node tests/browser/brigade.mjs SITE_DIR OUT_DIR
import { probe, fail, serveSite } from './probe.mjs';
import fs from 'node:fs';

const [site, out] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });

const { server, port } = await serveSite(site);

const { browser, page, until, layout, touch, longDrag, tap, shot } = await probe(out, 'brigade-');
try {
  await page.goto(`http://127.0.0.1:${port}/?scenario=maps/brandy_station.ron&rules=command_control&computer=none`);
  await until('game start', (e) => e.event === 'started');
  await until('toolbar', (e) => e.event === 'layout' && e.data.buttons.EndTurn);
  await page.waitForTimeout(500);
  // Davis and the 8th New York (55,12); the 8th Illinois (54,11); the 3rd Indiana (53,13).
  const brigade = ['55,12', '54,11', '53,13'];
  const before = layout().hexes;
  for (const h of brigade) if (!before[h]) fail(`${h} is not drawn: ` + Object.keys(before));
  const [a, b] = [before['55,12'], before['54,11']];

  await tap(a);
  const named = (e) => e.data.button_rects && e.data.button_rects.find((r) => r.name === 'MoveBrigade');
  const shown = await until('the Move brigade button', (e) => e.event === 'layout' && named(e), 10000);
  const [x, y, w, h] = named(shown).rect;
  await tap([x + w / 2, y + h / 2]);
  // The move armed before the finger goes down on the map (the trace says so).
  await until('the brigade move armed', (e) => e.event === 'layout' && e.data.brigade_move, 10000);

  // Long press on Davis's hex, drag four hexes on (away from 54,11, into the screen), hold,
  // release.
  const to = [a[0] + 4 * (a[0] - b[0]), a[1] + 4 * (a[1] - b[1])];
  await longDrag(a, to);
  await page.waitForTimeout(600);
  await shot('brigade-1-preview.png');
  await touch('touchEnd');
  const after = await until('the brigade gone from its hexes',
    (e) => e.event === 'layout' && brigade.every((h) => !e.data.hexes[h]), 15000);
  await page.waitForTimeout(600);
  await shot('brigade-2-moved.png');
  console.log(`brigade: the 1st Brigade moved as one by touch (${brigade.join(', ')} left; ${Object.keys(after.data.hexes).length} hexes drawn)`);
} finally {
  await browser.close();
  server.close();
}
