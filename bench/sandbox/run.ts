/**
 * What the sandbox costs (prints figures; not a test): checkpoints per second of one
 * 1,000-superstep run of the counter graph (a putWrites and a put per superstep, on IndexedDB),
 * measured three ways in the same Chromium, round after round:
 * - A, engine: the engine writing through IndexedDBSaver directly, in one worker (the core of the
 *   path before the sandbox: no protocol, no trace persisted);
 * - B, host + sandbox in one worker: the app's storage host and the real sandbox server connected by
 *   MessageChannels inside one worker (every guard, the proxy checkpointer, the persisted trace),
 *   with writes pipelined (window 32, the default) and awaited one by one (window 0);
 * - C, the app: the built app, its storage worker and a sandbox worker of its sandbox iframe (the
 *   real path, across workers and processes), strict and relaxed durability.
 * C/A is the cost of running graph code behind the sandbox; C/B the cost of the worker and process
 * boundary alone.
 *
 * Run: npx tsx bench/sandbox/run.ts (BENCH_SANDBOX_PORT picks the app's port, default 4294)
 */
import type { Page } from '@playwright/test';
import { createServer } from 'vite';
import { engineAliases } from '../../scripts/engine-aliases';
import { launchChromium, serveBuiltApp } from '../ui/serve';

const STEPS = 1000;
/** Checkpoints a run writes: the input, the __start__ step, then one per superstep. */
const CHECKPOINTS = STEPS + 2;
const ROUNDS = 3;
type Durability = 'strict' | 'relaxed';

async function appRun(page: Page, durability: Durability): Promise<number> {
  return page.evaluate(async ({ durability, steps }) => {
    const c = (window as unknown as { __replaygraph: import('../../src/client/worker-client').WorkerClient }).__replaygraph;
    await c.setDurability(durability);
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    // A first short run starts the graph's sandbox worker (outside the timing).
    await c.waitForRun((await c.startRun({ threadId: `warm-${stamp}`, graphId: 'test-counter', input: { count: 0, target: 2, delayMs: 0 } })).runId);
    const start = performance.now();
    const { runId } = await c.startRun({ threadId: `bench-${stamp}`, graphId: 'test-counter', input: { count: 0, target: steps, delayMs: 0 }, controls: { recursionLimit: steps + 10 } });
    const ended = await c.waitForRun(runId);
    if (ended.outcome !== 'done') throw new Error(JSON.stringify(ended.error));
    return performance.now() - start;
  }, { durability, steps: STEPS });
}

async function main() {
  const port = Number(process.env.BENCH_SANDBOX_PORT ?? 4294);
  const app = await serveBuiltApp(port, 'BENCH_SANDBOX_PORT');
  const vite = await createServer({
    configFile: false, root: process.cwd(), logLevel: 'error', server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
    // Every engine entry point the gallery's graphs import (`replaygraph/models` too), exact matches only.
    resolve: { alias: engineAliases },
    // The bench worker's dependencies, bundled up front: a dependency found later would reload the page mid-run.
    optimizeDeps: { entries: ['bench/sandbox/index.html', 'bench/sandbox/worker.ts'] },
  });
  await vite.listen();
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
    for (let round = 0; round < ROUNDS; round++) {
      for (const d of ['strict', 'relaxed'] as const) {
        const inWorker = (path: 'engine' | 'host', pipeline: number) => bench.evaluate((a) => window.benchRun!(a.path, a.pipeline, a.d), { path, pipeline, d });
        add(`A engine (${d})`, await inWorker('engine', 0));
        add(`B host + sandbox, one worker, window 32 (${d})`, await inWorker('host', 32));
        add(`B host + sandbox, one worker, window 0 (${d})`, await inWorker('host', 0));
        add(`C the app, across workers (${d})`, await appRun(appPage, d));
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const perSec = (ms: number) => (CHECKPOINTS / ms) * 1000;
    console.log(`Sandbox cost: one run of ${STEPS} supersteps (${CHECKPOINTS} checkpoints), Chromium, median of ${ROUNDS} rounds`);
    for (const [name, ms] of Object.entries(rows)) console.log(`  ${name.padEnd(48)} ${perSec(median(ms)).toFixed(0).padStart(6)} checkpoints/s  (${ms.map((m) => m.toFixed(0)).join(', ')} ms)`);
    for (const d of ['strict', 'relaxed'] as const) {
      const a = median(rows[`A engine (${d})`]!);
      const b = median(rows[`B host + sandbox, one worker, window 32 (${d})`]!);
      const b0 = median(rows[`B host + sandbox, one worker, window 0 (${d})`]!);
      const c = median(rows[`C the app, across workers (${d})`]!);
      console.log(`  ${d}: the app against the engine alone (C/A) ${(a / c).toFixed(2)}; the worker boundary alone (C/B) ${(b / c).toFixed(2)}; pipelined writes against one by one (B32/B0) ${(b0 / b).toFixed(2)}`);
    }
  } finally {
    await browser.close();
    await vite.close();
    app.stop();
  }
}

await main();
