// The browser plays lesson 4 of the boot camp (melee) by touch to its end (issue 48): a long
// press on the 20th Maine dragged onto the Confederates, the 83rd Pennsylvania dragged onto the
// same hex, a tap on Resolve, a tap on the lesson's Next; the trace's lesson line must step on
// after each, and the lesson end with its Onward button shown.
//
// node tests/browser/lesson.mjs SITE_DIR OUT_DIR
import { probe, fail, serveSite } from './probe.mjs';
import fs from 'node:fs';

const [site, out] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });

const { server, port } = await serveSite(site);

const { browser, page, until, layout, touch, tap, longDrag, shot } = await probe(out, 'lesson-');
const at = (want) => (e) => e.event === 'layout' && e.data.lesson && e.data.lesson.step >= want;
const rect = (name) => {
  const r = (layout().button_rects || []).find((b) => b.name === name);
  if (!r) fail(`no ${name} button: ` + JSON.stringify(layout().button_rects.map((b) => b.name)));
  return [r.rect[0] + r.rect[2] / 2, r.rect[1] + r.rect[3] / 2];
};
// A long press on `from` dragged to `to`, released.
const drag = async (from, to) => {
  await longDrag(from, to);
  await page.waitForTimeout(300);
  await touch('touchEnd');
};
try {
  await page.goto(`http://127.0.0.1:${port}/?lesson=4`);
  await until('game start', (e) => e.event === 'started');
  const first = await until('the lesson', at(0), 15000);
  if (first.data.lesson.number !== 4 || first.data.lesson.steps !== 4) fail('lesson ' + JSON.stringify(first.data.lesson));
  await page.waitForTimeout(500);
  await shot('lesson-1-start.png');
  const { hexes } = layout();
  for (const h of ['6,4', '5,5', '6,5']) if (!hexes[h]) fail(`${h} is not drawn: ` + Object.keys(hexes));

  await drag(hexes['6,4'], hexes['6,5']);
  await until('step 2: declared', at(1), 15000);
  await page.waitForTimeout(500);
  await shot('lesson-2-declared.png');
  await drag(hexes['5,5'], hexes['6,5']);
  await until('step 3: joined', at(2), 15000);
  await page.waitForTimeout(500);
  await tap(layout().buttons.Resolve);
  await until('step 4: resolved', at(3), 20000);
  await page.waitForTimeout(800);
  await shot('lesson-3-resolved.png');
  await tap(rect('LessonNext'));
  const done = await until('the lesson done', (e) => at(4)(e) && e.data.button_rects.some((b) => b.name === 'LessonOnward'), 15000);
  await page.waitForTimeout(500);
  await shot('lesson-4-done.png');
  console.log(`lesson: lesson 4 played by touch to its end (${done.data.lesson.step} of ${done.data.lesson.steps} steps)`);
} finally {
  await browser.close();
  server.close();
}
