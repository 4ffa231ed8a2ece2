/**
 * How long a run waits for its sandbox (prints figures; not a test): the time from `startRun` to
 * the run's first checkpoint event on the page, for runs of the small gallery graph `chain`, each
 * in a sandbox worker of its own. Two tabs of the built app run side by side, turn about:
 * - **spares** (the app as shipped): a run takes a spare worker that has the engine bundle
 *   evaluated already, then loads its graph module there;
 * - **cold** (`?spareWorkers=0`, the baseline): every run boots a worker first, as it would
 *   without the pool.
 * Runs are spaced (the spare taken is replaced in the background between runs, as between a
 * user's clicks); a burst of back-to-back runs, where the pool may not have refilled, is printed
 * apart. Medians, and the spare path as a ratio of the cold one.
 *
 * Run: npx tsx bench/sandbox/run-start.ts (BENCH_RUN_START_PORT picks the app's port, default
 * 4297; BENCH_RUNS the runs per tab and series, default 15)
 */
import type { Browser, Page } from '@playwright/test';
import { benchMain } from '../ui/serve';

const PORT = Number(process.env.BENCH_RUN_START_PORT ?? 4297);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

async function openTab(browser: Browser, origin: string, query: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${origin}/?debug=1${query}`);
  await page.locator('[data-testid="worker-status"][data-status="ready"]').waitFor();
  await page.waitForFunction(() => '__replaygraph' in window);
  return page;
}

/** One run of `chain` on a new thread: ms from the start request to its first checkpoint event. */
function timeOneRun(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const c = (window as unknown as { __replaygraph: import('../../src/client/worker-client').WorkerClient }).__replaygraph;
    const threadId = `start-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    let first = 0;
    let seen: (() => void) | null = null;
    const firstCheckpoint = new Promise<void>((resolve) => (seen = resolve));
    const off = c.onRunEvents('*', (events) => {
      if (!first && events.some((e) => e.kind === 'checkpoint')) {
        first = performance.now();
        seen!();
      }
    });
    const t0 = performance.now();
    const { runId } = await c.startRun({ threadId, graphId: 'chain', input: { topic: 'bench' } });
    await firstCheckpoint;
    off();
    const ended = await c.waitForRun(runId);
    if (ended.outcome !== 'done') throw new Error(`the run ended ${ended.outcome}: ${ended.error?.message}`);
    return first - t0;
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

benchMain(PORT, 'BENCH_RUN_START_PORT', {}, async (browser) => {
  const origin = `http://127.0.0.1:${PORT}`;
  const tabs = { spares: await openTab(browser, origin, ''), cold: await openTab(browser, origin, '&spareWorkers=0') };
  const times = { spares: [] as number[], cold: [] as number[] };
  const burst = { spares: [] as number[], cold: [] as number[] };
  // One run each first: the engine code and the gallery module are warm in both tabs' processes.
  await timeOneRun(tabs.spares);
  await timeOneRun(tabs.cold);
  for (let i = 0; i < RUNS; i++) {
    for (const mode of ['spares', 'cold'] as const) {
      await tabs[mode].waitForTimeout(1_000); // the pool refills between a user's clicks
      times[mode].push(await timeOneRun(tabs[mode]));
    }
  }
  for (const mode of ['spares', 'cold'] as const) {
    await tabs[mode].waitForTimeout(2_000);
    for (let i = 0; i < RUNS; i++) burst[mode].push(await timeOneRun(tabs[mode]));
  }
  const m = { spares: median(times.spares), cold: median(times.cold), burstSpares: median(burst.spares), burstCold: median(burst.cold) };
  console.log(`Time from startRun to the first checkpoint of a "chain" run, median of ${RUNS} runs per series (each run in a fresh sandbox worker):`);
  console.log(`  spaced runs:  spares ${ms(m.spares)}  cold boot ${ms(m.cold)}  ratio spares/cold ${(m.spares / m.cold).toFixed(2)}`);
  console.log(`  back to back: spares ${ms(m.burstSpares)}  cold boot ${ms(m.burstCold)}  ratio spares/cold ${(m.burstSpares / m.burstCold).toFixed(2)}`);
  console.log(`  spread (min–max), spaced: spares ${ms(Math.min(...times.spares))}–${ms(Math.max(...times.spares))}, cold ${ms(Math.min(...times.cold))}–${ms(Math.max(...times.cold))}`);
});
