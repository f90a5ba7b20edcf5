// The browser plays a fog-of-war game by touch (issue 33): Harper's Crossing under Fog of War
// at one screen, the Confederates to act. Some of the Union army is out of their sight; a tap
// on the regiment at 14,4 and two on 15,4 march it one hex, and from there it sees the Union
// unit at 8,15, which the page then draws (the trace's hexes are the counters drawn: the view,
// never the whole board).
//
// node tests/browser/fog.mjs SITE_DIR OUT_DIR
import { probe, fail, serveSite } from './probe.mjs';
import fs from 'node:fs';

const [site, out] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });

const { server, port } = await serveSite(site);

const { browser, page, until, layout, tap, shot } = await probe(out, 'fog-');
try {
  await page.goto(`http://127.0.0.1:${port}/?scenario=maps/harpers_crossing.ron&rules=fog&computer=none`);
  await until('game start', (e) => e.event === 'started');
  await until('toolbar', (e) => e.event === 'layout' && e.data.buttons.EndTurn);
  await page.waitForTimeout(500);
  const before = layout();
  if (!before.hexes['14,4']) fail('the Confederate regiment at 14,4 is not drawn: ' + Object.keys(before.hexes));
  if (before.hexes['8,15']) fail('the Union unit at 8,15 is drawn before anyone sees it');
  const drawn = Object.keys(before.hexes).length;
  await shot('1-before.png');

  // Select the regiment; its movement range comes; tap 15,4 twice (the path, then go).
  await tap(before.hexes['14,4']);
  await until('its movement range', (e) => e.event === 'layout' && e.data.reach['15,4'], 10000);
  const to = layout().reach['15,4'];
  await tap(to);
  await page.waitForTimeout(300);
  await tap(to);
  const after = await until('the unit seen from 15,4', (e) => e.event === 'layout' && e.data.hexes['8,15'], 10000);
  if (!after.data.hexes['15,4']) fail('the regiment did not advance to 15,4: ' + Object.keys(after.data.hexes));
  if (Object.keys(after.data.hexes).length <= drawn) fail('no more counters drawn than before');
  await page.waitForTimeout(600);
  await shot('2-enemy-appears.png');
  console.log(`fog: a regiment advanced by touch to 15,4 and the Union unit at 8,15 appeared (${drawn} hexes drawn before, ${Object.keys(after.data.hexes).length} after)`);
} finally {
  await browser.close();
  server.close();
}
