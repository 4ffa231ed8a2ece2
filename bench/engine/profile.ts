/**
 * Runs one workload on our engine in a loop, for profiling:
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/engine/profile.ts <index> [ms]
 *   npx tsx bench/engine/profile.ts --summary /tmp/prof/<file>.cpuprofile [top]
 *
 * The first form runs workload <index> (its place in WORKLOADS) for [ms] milliseconds (3000 by
 * default) and prints its processor time per run; the second prints a profile's functions by self
 * and by inclusive time.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import * as ours from '../../src/engine/index';
import { WORKLOADS, type Impl } from './workloads';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}

function summarise(file: string, top: number): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
  const byFn = new Map<string, number>();
  let total = 0;
  for (const n of profile.nodes) {
    const { functionName, url, lineNumber } = n.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(src|node_modules)\//, '$1/')}:${lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + n.hitCount);
    total += n.hitCount;
  }
  // Inclusive time: a function's own hits and those of everything it called (counted once per
  // stack, so recursion does not count twice).
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const keyOf = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(src|node_modules)\//, '$1/')}`;
  const inclusive = new Map<string, number>();
  const walk = (id: number, onStack: Map<string, number>): number => {
    const n = nodes.get(id)!;
    const key = keyOf(n);
    onStack.set(key, (onStack.get(key) ?? 0) + 1);
    let hits = n.hitCount;
    for (const c of n.children ?? []) hits += walk(c, onStack);
    const depth = onStack.get(key)!;
    if (depth === 1) inclusive.set(key, (inclusive.get(key) ?? 0) + hits);
    onStack.set(key, depth - 1);
    return hits;
  };
  walk(profile.nodes[0].id, new Map());
  const pct = (hits: number) => `${((100 * hits) / total).toFixed(1).padStart(5)}%`;
  console.log('self time');
  for (const [key, hits] of [...byFn.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(hits)}  ${key}`);
  console.log('\ninclusive time');
  for (const [key, hits] of [...inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(hits)}  ${key}`);
}

/** Processor time of this process so far, in ms (less disturbed by other processes than wall time). */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

async function loop(index: number, ms: number): Promise<void> {
  const w = WORKLOADS[index];
  const timed = await w.prepare({ ...ours } as Impl);
  const once = async () => {
    await timed.run();
    await timed.after?.();
  };
  for (let i = 0; i < 50; i += 1) await once();
  // Batches of about 300 ms of processor time; their median time per run is printed.
  const perRun: number[] = [];
  let runs = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms || perRun.length < 3) {
    const c0 = cpuMs();
    let n = 0;
    while (cpuMs() - c0 < 300) {
      await once();
      n += 1;
    }
    perRun.push((cpuMs() - c0) / n);
    runs += n;
  }
  perRun.sort((a, b) => a - b);
  console.log(`${w.name}: ${runs} runs, ${perRun[perRun.length >> 1].toFixed(3)} ms of processor time per run (median of ${perRun.length} batches)`);
}

const args = process.argv.slice(2);
if (args[0] === '--summary') summarise(args[1], Number(args[2] ?? 40));
else await loop(Number(args[0] ?? 0), Number(args[1] ?? 3000));
