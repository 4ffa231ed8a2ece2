/**
 * Where selecting a checkpoint spends its time with the real storage worker: CPU profiles (Chrome
 * DevTools Protocol) of the page and of the storage worker, taken together over 20 selections of a
 * seeded thread on the unminified production build, plus the selection times themselves and the
 * worker's answer times alone (client calls, no UI). Prints the top functions by self and by total
 * time of each context and writes the raw .cpuprofile files to the temporary folder it names.
 *
 * Run: `npx tsx bench/ui/select-profile.ts` (BENCH_BIG: checkpoints of the thread, default 2,000;
 * BENCH_PORT / CHROMIUM_PATH to change the defaults).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchPage, makeCounterThread, openApp, selectRows, showThread } from './app-page';
import { topSelf, topTotal, type Profile } from './cpu-profile';
import { benchMain } from './serve';
import { workerCdp } from './worker-cdp';

const PORT = Number(process.env.BENCH_PORT ?? 4193);
const BASE = `http://127.0.0.1:${PORT}/?testGraphs=1&debug=1`;
const SIZE = Number(process.env.BENCH_BIG ?? 2000);
const ROUNDS = 20;


const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${s[Math.floor(s.length / 2)]!.toFixed(1)} ms, max ${s[s.length - 1]!.toFixed(1)} ms`;
};

benchMain(PORT, 'BENCH_PORT', { minify: false }, async (browser) => {
  const out = mkdtempSync(join(tmpdir(), 'replaygraph-select-profile-'));
  const page = await benchPage(browser);
  await openApp(page, BASE);
  const threadId = `profile-${Date.now().toString(36)}`;
  await makeCounterThread(page, threadId, SIZE);
  await openApp(page, BASE);
  const { cdp, workers, call } = await workerCdp(page);
  await showThread(page, threadId);
  console.log(`warm-up selections: ${stats(await selectRows(page, 5))}`);
  const storage = [...workers].find(([, url]) => /storage/i.test(url))?.[0];
  if (!storage) throw new Error(`no storage worker among ${[...workers.values()].join(', ')}`);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await call(storage, 'Profiler.enable');
  await call(storage, 'Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await call(storage, 'Profiler.start');
  const times = await selectRows(page, ROUNDS);
  const { profile: pageProfile } = await cdp.send('Profiler.stop');
  const { profile: workerProfile } = (await call(storage, 'Profiler.stop')) as { profile: Profile };
  console.log(`${ROUNDS} profiled selections of a ${SIZE.toLocaleString('en-US')}-checkpoint thread: ${stats(times)}`);
  const ids = await page.evaluate(() => [...document.querySelectorAll('[data-testid="timeline-row"]')].map((r) => r.getAttribute('data-checkpoint-id')!));
  const direct = await page.evaluate(async ({ threadId, ids }) => {
    const c = (window as any).__replaygraph;
    const t: number[] = [];
    for (const id of ids) {
      const t0 = performance.now();
      await c.getCheckpoint({ threadId, checkpointId: id });
      t.push(performance.now() - t0);
    }
    return t;
  }, { threadId, ids });
  console.log(`checkpoint.get through the client alone (${direct.length} rows): ${stats(direct)}`);
  writeFileSync(join(out, 'page.cpuprofile'), JSON.stringify(pageProfile));
  writeFileSync(join(out, 'storage-worker.cpuprofile'), JSON.stringify(workerProfile));
  for (const [name, p] of [['page', pageProfile as unknown as Profile], ['storage worker', workerProfile]] as const) {
    console.log(`\n${name}, top self time:\n${topSelf(p, 25).join('\n')}`);
    console.log(`\n${name}, top total time:\n${topTotal(p, 30).join('\n')}`);
  }
  const components = /^([A-Z][A-Za-z0-9]+|use[A-Z]\w*|select\w*|write|replaceState)$/;
  const pp = pageProfile as unknown as Profile;
  console.log(`\npage, components and hooks under the click (its event and the synchronous render after it):\n${topTotal(pp, 30, /^(dispatchDiscreteEvent|processRootScheduleInMicrotask)$/, components).join('\n')}`);
  console.log(`\npage, components and hooks in scheduled renders (transitions, deferred values):\n${topTotal(pp, 30, /^performWorkUntilDeadline$/, components).join('\n')}`);
  console.log(`\npage, what the virtualizer renders on scroll:\n${topTotal(pp, 15, /^notify$|Virtualizer\.notify/, components).join('\n')}`);
  console.log(`\nprofiles written to ${out}`);
});
