// The browser's Sight aid (issue 74, RULES.md D-los-7): Harper's Crossing opened with a look
// from 3,1 to 7,4 (`?sight=`, as `--sight` natively); the page's trace gives the Sight aid's
// words and the hex it crosses out, and they must be the native rule's own (`bayonet sight`):
// the hex that blocks and by how many feet its ground stands above the line.
//
// node tests/browser/sight.mjs SITE_DIR BAYONET_BIN OUT_DIR
import { probe, fail, serveSite } from './probe.mjs';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

const [site, bin, out] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });

const native = JSON.parse(execFileSync(bin, ['sight', 'maps/harpers_crossing.ron', '3,1', '7,4', '--json']).toString());
const words = execFileSync(bin, ['sight', 'maps/harpers_crossing.ron', '3,1', '7,4']).toString().trim().replace(/^sight: /, '');
if (native.clear || native.screen !== 'ground') fail('the native look is not blocked by the ground: ' + JSON.stringify(native));

const { server, port } = await serveSite(site);
const { browser, page, until, shot } = await probe(out, 'sight-');
try {
  await page.goto(`http://127.0.0.1:${port}/?scenario=maps/harpers_crossing.ron&computer=none&sight=${encodeURIComponent('3,1>7,4')}`);
  await until('game start', (e) => e.event === 'started');
  const seen = await until('the Sight aid\'s look', (e) => e.event === 'layout' && e.data.sight, 15000);
  const s = seen.data.sight;
  if (s.words !== words) fail(`the page says "${s.words}"; the rule says "${words}"`);
  const at = `${native.blocking[0]},${native.blocking[1]}`;
  if (s.blocking !== at) fail(`the page crosses out ${s.blocking}; the rule blocks at ${at}`);
  if (!/stands \d+ ft above the line/.test(s.words)) fail('no shortfall in feet: ' + s.words);
  await page.waitForTimeout(500);
  await shot('1-blocked.png');
  console.log(`sight: the page's Sight aid says "${s.words}", as the native rule does`);
} finally {
  await browser.close();
  server.close();
}
