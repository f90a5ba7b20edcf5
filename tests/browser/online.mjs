// The browser as a seat at a referee server's game (issue 13): `bayonet serve --site` serves
// the wasm build and the game; the page opens the invite link as a touch tablet, declares a
// melee with a long press and a drag, taps Resolve and End turn; each goes to the server, and
// the page shows what the server decided; the other seat (the command line) then plays, and
// the page shows its orders as they are taken.
//
// node tests/browser/online.mjs SITE_DIR BAYONET_BIN OUT_DIR
import { probe, fail } from './probe.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, execFileSync } from 'node:child_process';

const [site, bin, out] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });

const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bayonet-online-')), 'games.sqlite');
const server = spawn(bin, ['serve', '--listen', '127.0.0.1:0', '--db', `sqlite:${db}`, '--site', site]);
const url = await new Promise((resolve, reject) => {
  server.stdout.on('data', (d) => { const m = /listening on (http:\/\/\S+)/.exec(String(d)); if (m) resolve(m[1]); });
  server.on('exit', (c) => reject(new Error('bayonet serve exited ' + c)));
});
const remote = (...args) => JSON.parse(execFileSync(bin, ['remote', ...args, '--json']));
const made = remote('new', url, 'maps/test_melee.ron');
const [mine, theirs] = made.sides.map((s) => s.invite);

const { browser, page, until, layout, touch, longDrag, tap, shot } = await probe(out, 'online-');
try {
  const seq = () => remote('state', url, theirs).seq;

  // The invite link opens the seat: no dialog, the game as the server has it.
  // The invite after `#`: never sent to the server, and gone from the address once read.
  await page.goto(`${url}/#invite=${mine}`);
  await until('the game', (e) => e.event === 'started');
  await until('toolbar', (e) => e.event === 'layout' && e.data.buttons.Resolve);
  await page.waitForTimeout(500);
  if (page.url().includes(mine)) fail(`the address still holds the invite: ${page.url()}`);
  await shot('online-1-joined.png');
  const { hexes } = layout();
  const [a, d] = [hexes['4,4'], hexes['5,4']];
  if (!a || !d) fail('the worked example is not on the screen');

  // Long press and drag to melee: declared by the server.
  await longDrag(a, d);
  await until('drag preview', (e) => e.event === 'preview' && e.data.target === '5,4', 10000);
  await touch('touchEnd');
  await until('the server took the melee', (e) => e.event === 'online' && e.data.seq === 1, 10000);
  await until('declaration', (e) => e.event === 'declared', 10000);
  if (seq() !== 1) fail('the server has not the declaration');
  await page.waitForTimeout(800);

  // Resolve: the server's dice; the page shows the server's outcome.
  await tap(layout().buttons.Resolve);
  await until('the server resolved', (e) => e.event === 'online' && e.data.seq === 2, 10000);
  const outcome = await until('outcome', (e) => e.event === 'resolved' || e.event === 'called_off', 10000);
  await page.waitForTimeout(500);
  await shot('online-2-resolved.png');
  const records = (await (await fetch(`${url}/api/game/events?after=0`, { headers: { Authorization: `Bearer ${theirs}` } })).json()).records;
  const kinds = records[1].outcomes.map((o) => Object.keys(o)[0]);
  const kind = kinds.includes('MeleeResolved') ? 'resolved' : kinds.includes('MeleeCalledOff') ? 'called_off' : 'none';
  if (kind !== outcome.event) fail(`page ${outcome.event}, server ${kinds}`);

  // End the turn (a second tap confirms); the other seat plays from the command line; the page
  // sees it happen.
  await tap(layout().buttons.EndTurn);
  await page.waitForTimeout(400);
  await tap(layout().buttons.EndTurn);
  await until('the turn ended', (e) => e.event === 'online' && e.data.seq === 3, 10000);
  fs.writeFileSync(path.join(out, 'other.ron'), '[Face(unit: 2, facing: S), EndTurn]\n');
  // The server rolls its own dice: when the melee routed unit 2, its Face is refused and the
  // EndTurn is order 4, not 5. Wait for the last order the server took, whichever it is.
  const played = remote('play', url, theirs, '--orders', path.join(out, 'other.ron'));
  const last = played.state.seq;
  if (!(last >= 4)) fail('the other seat\'s orders were not taken: ' + JSON.stringify(played.orders));
  await until("the other side's orders", (e) => e.event === 'online' && e.data.seq === last, 20000);
  await page.waitForTimeout(500);
  await shot('online-3-their-turn-seen.png');
  console.log(`online: the page declared, resolved (${outcome.event}) and ended its turn through the server; saw the other seat's ${last - 3} order(s)`);
} finally {
  await browser.close();
  server.kill();
}
