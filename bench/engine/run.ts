/**
 * Engine benchmark: the same workloads on LangGraph.js 1.7.3 and on our engine, in one process.
 *
 *   npx tsx bench/engine/run.ts [--rounds N] [--warmup N] [--warmup-ms MS] [--batch-ms MS]
 *
 * Prints, per workload, each implementation's time per run side by side (steady state, and cold:
 * the first run after a full GC; see `batch`), the speed-up (LangGraph.js time / our time)
 * against its target, the time per superstep where a workload counts them, then the geometric
 * mean of the speed-ups. Workloads our engine cannot run yet (missing exports, or a run that
 * throws) are skipped with a message. A script that prints figures, not a test: nothing here can fail a build.
 */
import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as langgraph from '@langchain/langgraph';
import { WORKLOADS, type Impl, type Timed, type Workload } from './workloads';

const CORE = ['StateGraph', 'Annotation', 'START', 'END', 'MemorySaver'];

// LangGraph.js adds one abort listener per running task to a shared signal; a 200-way step trips
// Node's "possible leak" warning (10 listeners). Raise the default so the figures stay readable.
setMaxListeners(1000);

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

const ROUNDS = option('--rounds', 7);
/** Issue 17, target 1: every workload at least this many times LangGraph.js… */
const WORKLOAD_TARGET = 20;
/** …their geometric mean at least this… */
const GEOMEAN_TARGET = 30;
/** …and the loop's superstep under this many microseconds. */
const SUPERSTEP_TARGET_US = 15;
const WARMUP = option('--warmup', 3);
/** A batch of back-to-back runs lasts at least this long (see `batch`). */
const BATCH_MS = option('--batch-ms', 250);
/**
 * Warm-up also lasts at least this long per implementation: the JIT optimises by how often code
 * ran, so a fast implementation needs more (short) rounds than a slow one to reach its steady state.
 */
const WARMUP_MS = option('--warmup-ms', 400);

async function loadOurs(): Promise<{ impl: Impl; error?: unknown }> {
  try {
    const url = new URL('../../src/engine/index.ts', import.meta.url).href;
    return { impl: { ...((await import(url)) as Impl) } };
  } catch (error) {
    return { impl: {}, error };
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * A full garbage collection, so that a batch does not pay for the garbage the other
 * implementation's previous batch left (batches alternate): V8's collector, reached through its flag.
 */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** One batch's figures: the first run's time, and the mean time per run over the whole batch. */
interface Batch {
  first: number;
  mean: number;
}

/**
 * A batch: a full GC, then back-to-back runs for at least BATCH_MS (at least one run). Only the
 * timed bodies count (each run's `after` is untimed). The mean is the steady state a long-lived
 * process sees, the garbage collection of the implementation's own allocations included; the
 * first run is the cold case, right after a full collection, which discards optimised code
 * that embedded objects the collection freed (V8 logs it as "deoptimization, reason: weak
 * objects"), so that run pays for recompiling as well.
 */
async function batch({ run, after }: Timed): Promise<Batch> {
  collect();
  let total = 0;
  let first = NaN;
  let n = 0;
  const t0 = performance.now();
  do {
    const t = performance.now();
    await run();
    const ms = performance.now() - t;
    if (n === 0) first = ms;
    total += ms;
    n += 1;
    await after?.();
  } while (performance.now() - t0 < BATCH_MS);
  return { first, mean: total / n };
}

interface Figures {
  /** Median over rounds of the batch means. */
  steady: number;
  /** Median over rounds of the batches' first runs. */
  cold: number;
}

/**
 * Each implementation's figures, after warm-up. Batches alternate between the two so that a
 * change in machine load during the run affects both alike.
 */
async function measurePair(w: Workload, theirs: Impl, ours: Impl | undefined): Promise<{ theirs: Figures; ours?: Figures }> {
  const runs = [await w.prepare(theirs), ...(ours ? [await w.prepare(ours)] : [])];
  for (const run of runs) {
    const t0 = performance.now();
    for (let i = 0; i < WARMUP || performance.now() - t0 < WARMUP_MS; i += 1) {
      await run.run();
      await run.after?.();
    }
  }
  const batches: Batch[][] = runs.map(() => []);
  for (let i = 0; i < ROUNDS; i += 1) {
    for (const [k, run] of runs.entries()) batches[k].push(await batch(run));
  }
  const figures = (bs: Batch[]): Figures => ({ steady: median(bs.map((b) => b.mean)), cold: median(bs.map((b) => b.first)) });
  return { theirs: figures(batches[0]), ours: batches[1] ? figures(batches[1]) : undefined };
}

function describeError(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message.split('\n')[0]}` : String(err);
}

async function main(): Promise<void> {
  const ours = await loadOurs();
  if (ours.error) console.log(`our engine did not load: ${describeError(ours.error)}`);
  console.log(
    `${ROUNDS} rounds; a round is one batch per implementation, alternating: a full GC, then back-to-back runs for ≥ ${BATCH_MS} ms (≥ 1 run), each on a fresh thread deleted after it, untimed. ` +
      `Figures are medians over rounds of the batch's mean time per run (steady state), and below them of the batch's first run (cold: right after the full GC). ` +
      `Warm-up ≥ ${WARMUP} runs and ≥ ${WARMUP_MS} ms; speed-up = LangGraph.js time / our time; targets are judged on the steady state\n`,
  );
  const ratios: number[] = [];
  const coldRatios: number[] = [];
  const ms = (x: number) => `${x.toFixed(2).padStart(9)} ms`;
  for (const w of WORKLOADS) {
    const missing = [...CORE, ...w.needs].filter((n) => ours.impl[n] === undefined);
    const label = w.name.padEnd(56);
    if (missing.length > 0) {
      const { theirs } = await measurePair(w, langgraph as Impl, undefined);
      console.log(`${label} LangGraph.js ${ms(theirs.steady)}   ours: skipped (engine lacks ${missing.join(', ')})`);
      continue;
    }
    try {
      const { theirs, ours: mine } = await measurePair(w, langgraph as Impl, ours.impl);
      const ratio = theirs.steady / mine!.steady;
      const coldRatio = theirs.cold / mine!.cold;
      ratios.push(ratio);
      coldRatios.push(coldRatio);
      const mark = ratio >= WORKLOAD_TARGET ? 'ok' : 'below';
      console.log(`${label} LangGraph.js ${ms(theirs.steady)}   ours ${ms(mine!.steady)}   speed-up ${ratio.toFixed(1).padStart(6)}x (target ≥ ${WORKLOAD_TARGET}x: ${mark})`);
      console.log(`${'  cold: first run after a full GC'.padEnd(56)} LangGraph.js ${ms(theirs.cold)}   ours ${ms(mine!.cold)}   speed-up ${coldRatio.toFixed(1).padStart(6)}x`);
      if (w.supersteps) {
        const us = (x: number) => `${((x * 1000) / w.supersteps!).toFixed(1).padStart(9)} µs`;
        const stepMark = (mine!.steady * 1000) / w.supersteps < SUPERSTEP_TARGET_US ? 'ok' : 'above';
        console.log(`${'  per superstep'.padEnd(56)} LangGraph.js ${us(theirs.steady)}   ours ${us(mine!.steady)}   (target < ${SUPERSTEP_TARGET_US} µs: ${stepMark})`);
      }
    } catch (err) {
      const { theirs } = await measurePair(w, langgraph as Impl, undefined);
      console.log(`${label} LangGraph.js ${ms(theirs.steady)}   ours: skipped (${describeError(err)})`);
    }
  }
  if (ratios.length === 0) {
    console.log('\nno workload ran on our engine: no geometric mean');
    return;
  }
  const geomean = (xs: number[]) => Math.exp(xs.reduce((sum, r) => sum + Math.log(r), 0) / xs.length);
  const geo = geomean(ratios);
  const geoMark = geo >= GEOMEAN_TARGET ? 'ok' : 'below';
  console.log(`\ngeometric mean speed-up over ${ratios.length} workload(s): ${geo.toFixed(2)}x (target ≥ ${GEOMEAN_TARGET}x: ${geoMark}); cold: ${geomean(coldRatios).toFixed(2)}x`);
}

await main();
