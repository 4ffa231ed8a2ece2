/**
 * What the sandbox costs (prints figures; not a test): supersteps per second of one
 * 1,000-superstep run of the counter graph (a putWrites and a put per superstep, on IndexedDB),
 * under the engine's `async` durability (the next superstep runs while the previous checkpoint
 * commits) and `sync` (each superstep waits for its commit), measured three ways in the same
 * Chromium, round after round:
 * - A, engine: the engine writing through IndexedDBSaver directly, in one worker (one transaction
 *   per put and per putWrites; no protocol, no trace persisted): the baseline;
 * - B, host + sandbox in one worker: the app's storage host and the real sandbox server connected by
 *   MessageChannels inside one worker (every guard, the proxy checkpointer, the group commit, the
 *   persisted trace);
 * - C, the app: the built app, its storage worker and a sandbox worker of its sandbox iframe (the
 *   real path, across workers and processes), timed until the page is told the run ended (every
 *   checkpoint committed and reported), strict and relaxed IndexedDB durability.
 * C/A is the app against the engine alone on the same IndexedDB; async/sync what pipelining gains.
 * The target of the app under async durability is 2,000 supersteps per second on a quiet machine.
 *
 * Run: npx tsx bench/sandbox/run.ts (BENCH_SANDBOX_PORT picks the app's port, default 4294;
 * BENCH_ROUNDS the rounds, default 3; BENCH_STORAGE=strict or relaxed measures only that one)
 */
import { cpus, loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { startBenchVite } from './vite';
import { launchChromium, serveBuiltApp } from '../ui/serve';

const STEPS = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
type Durability = 'strict' | 'relaxed';
type RunDurability = 'sync' | 'async';
const STORAGE: Durability[] = process.env.BENCH_STORAGE === 'strict' || process.env.BENCH_STORAGE === 'relaxed' ? [process.env.BENCH_STORAGE] : ['strict', 'relaxed'];

async function appRun(page: Page, run: RunDurability, durability: Durability): Promise<number> {
  return page.evaluate(async ({ run, durability, steps }) => {
    const c = (window as unknown as { __replaygraph: import('../../src/client/worker-client').WorkerClient }).__replaygraph;
    await c.setDurability(durability);
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    // A first short run starts the graph's sandbox worker (outside the timing).
    await c.waitForRun((await c.startRun({ threadId: `warm-${stamp}`, graphId: 'test-counter', input: { count: 0, target: 2, delayMs: 0 } })).runId);
    const start = performance.now();
    const { runId } = await c.startRun({ threadId: `bench-${stamp}`, graphId: 'test-counter', input: { count: 0, target: steps, delayMs: 0 }, controls: { recursionLimit: steps + 10, durability: run } });
    const ended = await c.waitForRun(runId);
    if (ended.outcome !== 'done') throw new Error(JSON.stringify(ended.error));
    return performance.now() - start;
  }, { run, durability, steps: STEPS });
}

async function main() {
  const port = Number(process.env.BENCH_SANDBOX_PORT ?? 4294);
  const app = await serveBuiltApp(port, 'BENCH_SANDBOX_PORT');
  const vite = await startBenchVite();
  const browser = await launchChromium();
  try {
    const bench = await browser.newPage();
    bench.on('pageerror', (err) => console.error('bench page error:', err));
    await bench.goto(`${vite.resolvedUrls!.local[0]}bench/sandbox/index.html`);
    await bench.waitForFunction(() => window.benchSandboxReady === true);
    console.error('bench worker ready');
    const appPage = await browser.newPage();
    await appPage.goto(`${app.origin}/?debug=1&testGraphs=1`);
    await appPage.waitForFunction(() => (window as unknown as { __replaygraph?: unknown }).__replaygraph !== undefined);
    await appPage.evaluate(() => (window as unknown as { __replaygraph: { hello(): Promise<unknown> } }).__replaygraph.hello());
    console.error('app ready');

    const rows: Record<string, number[]> = {};
    const add = (name: string, ms: number) => {
      (rows[name] ??= []).push(ms);
      console.error(`  round ${rows[name]!.length}: ${name} ${ms.toFixed(0)} ms`);
    };
    const name = (path: 'A' | 'B' | 'C', run: RunDurability, d: Durability) => `${path} ${{ A: 'engine alone', B: 'host + sandbox, one worker', C: 'the app, across workers' }[path]} (${run}, ${d})`;
    for (let round = 0; round < ROUNDS; round++) {
      for (const d of STORAGE) {
        for (const run of ['async', 'sync'] as const) {
          const inWorker = (path: 'engine' | 'host') => bench.evaluate((a) => window.benchRun!(a.path, a.run, a.d), { path, run, d });
          add(name('A', run, d), await inWorker('engine'));
          add(name('B', run, d), await inWorker('host'));
          add(name('C', run, d), await appRun(appPage, run, d));
        }
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const perSec = (ms: number) => (STEPS / ms) * 1000;
    console.log(`Sandbox cost: one run of ${STEPS} supersteps, Chromium, median of ${ROUNDS} rounds (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`);
    for (const [n, ms] of Object.entries(rows)) console.log(`  ${n.padEnd(52)} ${perSec(median(ms)).toFixed(0).padStart(6)} supersteps/s  (${ms.map((m) => m.toFixed(0)).join(', ')} ms)`);
    const at = (path: 'A' | 'B' | 'C', run: RunDurability, d: Durability) => median(rows[name(path, run, d)]!);
    for (const d of STORAGE) {
      console.log(`  ${d}: the app against the engine alone (C/A), async ${(at('A', 'async', d) / at('C', 'async', d)).toFixed(2)}, sync ${(at('A', 'sync', d) / at('C', 'sync', d)).toFixed(2)}; `
        + `async against sync, the app ${(at('C', 'sync', d) / at('C', 'async', d)).toFixed(2)}, the engine alone ${(at('A', 'sync', d) / at('A', 'async', d)).toFixed(2)}; `
        + `the app async against the 2,000/s target ${(perSec(at('C', 'async', d)) / 2000).toFixed(2)}`);
    }
  } finally {
    await browser.close();
    await vite.close();
    app.stop();
  }
}

await main();
