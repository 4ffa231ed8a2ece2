/**
 * Engine benchmark: the same workloads on LangGraph.js 1.7.3 and on our engine, in one process.
 *
 *   npx tsx bench/engine/run.ts [--rounds N] [--warmup N] [--warmup-ms MS]
 *
 * Prints, per workload, the median time of N rounds (after warm-up rounds) for each
 * implementation side by side, the speed-up (LangGraph.js time / our time) against its target,
 * the time per superstep where a workload counts them, then the geometric mean of the speed-ups. Workloads our engine cannot run yet (missing exports, or a run that throws) are
 * skipped with a message. A script that prints figures, not a test: nothing here can fail a build.
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
 * A full garbage collection, so that a timed run does not pay for the garbage the other
 * implementation's previous run left (rounds alternate): V8's collector, reached through its flag.
 */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

async function time({ run, after }: Timed): Promise<number> {
  collect();
  const t0 = performance.now();
  await run();
  const ms = performance.now() - t0;
  await after?.();
  return ms;
}

/**
 * Median milliseconds of each implementation's timed body, after warm-up. Rounds alternate
 * between the two so that a change in machine load during the run affects both alike.
 */
async function measurePair(w: Workload, theirs: Impl, ours: Impl | undefined): Promise<{ theirs: number; ours?: number }> {
  const runs = [await w.prepare(theirs), ...(ours ? [await w.prepare(ours)] : [])];
  for (const run of runs) {
    const t0 = performance.now();
    for (let i = 0; i < WARMUP || performance.now() - t0 < WARMUP_MS; i += 1) {
      await run.run();
      await run.after?.();
    }
  }
  const times: number[][] = runs.map(() => []);
  for (let i = 0; i < ROUNDS; i += 1) {
    for (const [k, run] of runs.entries()) times[k].push(await time(run));
  }
  return { theirs: median(times[0]), ours: times[1] ? median(times[1]) : undefined };
}

function describeError(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message.split('\n')[0]}` : String(err);
}

async function main(): Promise<void> {
  const ours = await loadOurs();
  if (ours.error) console.log(`our engine did not load: ${describeError(ours.error)}`);
  console.log(`rounds ${ROUNDS} (median, each after a full GC, on a saver holding only what the workload prepared: each round's thread is deleted after it, untimed), warm-up ≥ ${WARMUP} rounds and ≥ ${WARMUP_MS} ms; speed-up = LangGraph.js time / our time\n`);
  const ratios: number[] = [];
  for (const w of WORKLOADS) {
    const missing = [...CORE, ...w.needs].filter((n) => ours.impl[n] === undefined);
    const label = w.name.padEnd(56);
    const ms = (x: number) => `${x.toFixed(2).padStart(9)} ms`;
    if (missing.length > 0) {
      const { theirs } = await measurePair(w, langgraph as Impl, undefined);
      console.log(`${label} LangGraph.js ${ms(theirs)}   ours: skipped (engine lacks ${missing.join(', ')})`);
      continue;
    }
    try {
      const { theirs, ours: mine = NaN } = await measurePair(w, langgraph as Impl, ours.impl);
      const ratio = theirs / mine;
      ratios.push(ratio);
      const mark = ratio >= WORKLOAD_TARGET ? 'ok' : 'below';
      console.log(`${label} LangGraph.js ${ms(theirs)}   ours ${ms(mine)}   speed-up ${ratio.toFixed(1).padStart(6)}x (target ≥ ${WORKLOAD_TARGET}x: ${mark})`);
      if (w.supersteps) {
        const us = (x: number) => `${((x * 1000) / w.supersteps!).toFixed(1).padStart(9)} µs`;
        const stepMark = (mine * 1000) / w.supersteps < SUPERSTEP_TARGET_US ? 'ok' : 'above';
        console.log(`${'  per superstep'.padEnd(56)} LangGraph.js ${us(theirs)}   ours ${us(mine)}   (target < ${SUPERSTEP_TARGET_US} µs: ${stepMark})`);
      }
    } catch (err) {
      const { theirs } = await measurePair(w, langgraph as Impl, undefined);
      console.log(`${label} LangGraph.js ${ms(theirs)}   ours: skipped (${describeError(err)})`);
    }
  }
  if (ratios.length === 0) {
    console.log('\nno workload ran on our engine: no geometric mean');
    return;
  }
  const geo = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
  const geoMark = geo >= GEOMEAN_TARGET ? 'ok' : 'below';
  console.log(`\ngeometric mean speed-up over ${ratios.length} workload(s): ${geo.toFixed(2)}x (target ≥ ${GEOMEAN_TARGET}x: ${geoMark})`);
}

await main();
