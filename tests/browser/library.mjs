// The browser opens a battle from the library by touch (issue 61): the start dialog's library
// narrowed to the small battles by a tap on its "small" filter, Little Round Top's card tapped,
// the page reopening on that battle, and Start tapped to begin it; the trace must name the
// battle on the table after each step. Then the campaign (issue 61, item 4): the library scrolled
// by a finger to its campaigns, Gettysburg's tapped, the page reopening on the campaign's screen
// over its first battle, Start, a turn played until the battle is kept in the page's storage
// with the campaign, and the page opened again resuming the battle where it was left.
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
}

// The campaign, in a browser of its own (the first page's game would go on thinking under the
// next page).
await campaign().finally(() => server.close());


async function campaign() {
  const { browser, page, trace, until, layout, touch, tap, shot } = await probe(out, 'library-');
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    const camp = 'Campaign:maps/campaigns/gettysburg.campaign.ron';
    await until('the library again', (e) => e.event === 'layout'
      && (e.data.button_rects || []).some((b) => b.name === camp), 30000);
    await page.waitForTimeout(500);
    const visible = () => {
      const r = (layout().button_rects || []).find((b) => b.name === camp);
      return r && r.rect[1] > 40 && r.rect[1] + r.rect[3] < layout().window[1] - 40;
    };
    // A finger drags the library up until the campaigns show: a short drag at a time, each
    // looked at once the screen has settled (the trace's layout comes a few frames late).
    for (let i = 0; i < 30 && !visible(); i++) {
      await touch('touchStart', 512, 560);
      for (let s = 1; s <= 5; s++) {
        await touch('touchMove', 512, 560 - s * 50);
        await page.waitForTimeout(30);
      }
      await touch('touchEnd');
      await page.waitForTimeout(1000);
    }
    await page.waitForTimeout(1000);
    if (!visible()) fail('the campaigns never scrolled into view');
    console.log('library: the campaigns in view');
    await shot('library-5-campaigns.png');
    const r = (layout().button_rects || []).find((b) => b.name === camp);
    const [cx, cy] = [r.rect[0] + r.rect[2] / 2, r.rect[1] + r.rect[3] / 2];
    await touch('touchStart', cx, cy);
    await page.waitForTimeout(150);
    await touch('touchEnd').catch(() => {});
    await page.waitForURL(/campaign=/, { timeout: 20000 });
    const rc = 'The Railroad Cut, Gettysburg, 1 July 1863';
    const screen = await until('the campaign screen', (e) => e.event === 'layout'
      && e.data.battle === rc && e.data.buttons.Start, 60000);
    await page.waitForTimeout(500);
    await shot('library-6-campaign.png');
    await tap(screen.data.buttons.Start);
    const fresh = await until('the campaign battle begun', (e) => e.event === 'started', 20000);
    // Played until the window's autosave keeps the battle in the campaign's save (the page's
    // storage): at once if the computer moves first, else after our End turn.
    const kept = () => page.evaluate(() => localStorage.getItem('campaign-gettysburg.ron') || '');
    // Whoever moves first: the computer's turn ends by itself; ours is ended by a tap (twice:
    // End turn asks to be confirmed).
    let ended = false;
    let seen = 0;
    for (const t0 = Date.now(); Date.now() - t0 < 240000 && !/battle: Some/.test(await kept());) {
      const end = (layout().buttons || {}).EndTurn;
      // Shown two checks running: our turn, not the moment before the computer's begins.
      seen = end ? seen + 1 : 0;
      if (seen >= 2 && !ended) {
        await tap(end);
        await page.waitForTimeout(400);
        const again = (layout().buttons || {}).EndTurn;
        if (again) await tap(again);
        ended = true;
      }
      await page.waitForTimeout(1000);
    }
    if (!/battle: Some/.test(await kept())) fail('the battle was never kept in the campaign\'s save');
    const left = await until('a turn begun', (e) => e.event === 'turn', 150000);
    await shot('library-7-campaign-played.png');
    // Opened again: the campaign's screen over the battle under way; Start resumes it there.
    trace.length = 0;
    await page.reload();
    const again = await until('the campaign again', (e) => e.event === 'layout'
      && e.data.battle === rc && e.data.buttons.Start, 60000);
    await page.waitForTimeout(500);
    await shot('library-8-campaign-resumed.png');
    await tap(again.data.buttons.Start);
    const resumed = await until('the battle resumed', (e) => e.event === 'started', 20000);
    // Side turns since the start: the first side's, then the other's, each turn.
    const at = (d) => (d.turn - 1) * 2 + (d.side === fresh.data.side ? 0 : 1);
    if (at(resumed.data) <= at(fresh.data)) {
      fail(`resumed at ${JSON.stringify(resumed.data)}, begun at ${JSON.stringify(fresh.data)}`);
    }
    console.log(`library: the Gettysburg campaign opened from the library by touch, kept in the page's storage at turn ${left.data.turn} and resumed there (${JSON.stringify(resumed.data)})`);
  } finally {
    await browser.close();
  }
}
