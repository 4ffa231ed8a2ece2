/**
 * Where a sandboxed run spends its time (prints figures; not a test): a CPU profile of path B of
 * run.ts (the storage host and the real sandbox server in one worker, every guard and the proxy
 * checkpointer, on IndexedDB) during one 1,000-superstep run of the counter graph. The worker is
 * profiled over the DevTools protocol; the top functions by self time and the time per source file
 * are printed, and the raw .cpuprofile is written to the temporary folder it names.
 *
 * Run: npx tsx bench/sandbox/profile.ts (BENCH_DURABILITY=sync|async picks the run's durability)
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchVite } from './vite';
import { workerCdp } from '../ui/worker-cdp';
import { launchChromium } from '../ui/serve';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const short = (url: string) => url.replace(/^.*\/(node_modules\/\.vite\/deps\/|src\/|bench\/)/, '$1').replace(/\?.*$/, '');

function bySelf(p: Profile, key: (f: ProfileNode['callFrame']) => string, n: number): string[] {
  const byId = new Map(p.nodes.map((x) => [x.id, x]));
  const self = new Map<string, number>();
  let all = 0;
  p.samples.forEach((id, i) => {
    const k = key(byId.get(id)!.callFrame);
    const ms = (p.timeDeltas[i] ?? 0) / 1000;
    all += ms;
    self.set(k, (self.get(k) ?? 0) + ms);
  });
  return [`${all.toFixed(0).padStart(8)} ms  (all samples)`, ...[...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`)];
}

async function main() {
  const vite = await startBenchVite();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const { workers, call } = await workerCdp(page);
    const send = (method: string, params: object = {}) => call([...workers.keys()][0]!, method, params);
    await page.goto(`${vite.resolvedUrls!.local[0]}bench/sandbox/index.html`);
    await page.waitForFunction(() => window.benchSandboxReady === true);
    const durability: 'sync' | 'async' = process.env.BENCH_DURABILITY === 'sync' ? 'sync' : 'async';
    const run = () => page.evaluate((d) => window.benchRun!('host', d, 'strict'), durability);
    console.error('warm-up run:', (await run()).toFixed(0), 'ms');
    await send('Profiler.enable');
    await send('Profiler.setSamplingInterval', { interval: 200 });
    await send('Profiler.start');
    const ms = await run();
    const { profile } = (await send('Profiler.stop')) as { profile: Profile };
    const out = mkdtempSync(join(tmpdir(), 'replaygraph-sandbox-profile-'));
    writeFileSync(join(out, 'run.cpuprofile'), JSON.stringify(profile));
    console.log(`one ${durability} run: ${ms.toFixed(0)} ms`);
    console.log('top self time:\n' + bySelf(profile, (f) => `${f.functionName || '(anonymous)'} ${short(f.url)}:${f.lineNumber + 1}`, 40).join('\n'));
    console.log('\nself time per file:\n' + bySelf(profile, (f) => short(f.url) || f.functionName, 30).join('\n'));
    console.log(`\nprofile written to ${out}`);
  } finally {
    await browser.close();
    await vite.close();
  }
}

await main();
