/**
 * What the page's main thread does between a click on a timeline row and the inspector showing that
 * checkpoint, task by task: a Chrome trace of a few selections with the real storage worker, each
 * printed as the tasks of its window (offset from the click, duration, what ran).
 *
 * Run: `npx tsx bench/ui/select-trace.ts` (BENCH_BIG: checkpoints of the thread, default 2,000).
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchPage, makeCounterThread, openApp, selectRows, showThread } from './app-page';
import { benchMain } from './serve';

const PORT = Number(process.env.BENCH_PORT ?? 4194);
const BASE = `http://127.0.0.1:${PORT}/?testGraphs=1&debug=1`;
const SIZE = Number(process.env.BENCH_BIG ?? 2000);

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { data?: Record<string, unknown>; name?: string } }

/** The names of what a top-level task ran (its first few nested events of interest). */
function describe(children: TraceEvent[]): string {
  const parts: string[] = [];
  for (const e of children) {
    const d = e.args?.data ?? {};
    if (e.name === 'FunctionCall') parts.push(`fn ${String(d.functionName || '?')}@${String(d.url ?? '').replace(/^.*\//, '')}:${String(d.lineNumber ?? '')}`);
    else if (['EventDispatch', 'TimerFire', 'FireAnimationFrame', 'Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'HitTest', 'ParseHTML', 'V8.GC_SCAVENGER', 'MinorGC', 'MajorGC', 'FireIdleCallback', 'RunMicrotasks'].includes(e.name)) parts.push(`${e.name}${d.type ? `(${String(d.type)})` : ''} ${(((e.dur ?? 0)) / 1000).toFixed(1)}`);
  }
  return parts.slice(0, 8).join(' | ');
}

benchMain(PORT, 'BENCH_PORT', { minify: false }, async (browser) => {
  const page = await benchPage(browser);
  await openApp(page, BASE);
  const threadId = `trace-${Date.now().toString(36)}`;
  await makeCounterThread(page, threadId, SIZE);
  await openApp(page, BASE);
  await showThread(page, threadId);
  await selectRows(page, 3, 100);
  const path = join(tmpdir(), `replaygraph-select-trace-${Date.now()}.json`);
  await browser.startTracing(page, { path, categories: ['devtools.timeline', 'blink.user_timing', 'toplevel', 'disabled-by-default-devtools.timeline', 'v8'] });
  const times = await selectRows(page, Number(process.env.ROUNDS ?? 6), 100);
  await browser.stopTracing();
  console.log('selection times:', times.map((t) => t.toFixed(1)).join(', '));
  const raw = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name.startsWith('sel-click')));
  const marks = events.filter((e) => e.name.startsWith('sel-'));
  const at = (n: string) => marks.find((m) => m.name === n)?.ts;
  const tasks = events.filter((e) => e.pid === main?.pid && e.tid === main?.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const top = tasks.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask');
  for (let i = 0; ; i++) {
    const t0 = at(`sel-click-${i}`);
    const t1 = at(`sel-done-${i}`);
    if (t0 === undefined || t1 === undefined) break;
    console.log(`\nselection ${i}: ${((t1 - t0) / 1000).toFixed(1)} ms`);
    for (const t of top) {
      if (t.ts + (t.dur ?? 0) < t0 - 1 || t.ts > t1) continue;
      const inner = tasks.filter((e) => e !== t && e.ts >= t.ts && e.ts <= t.ts + (t.dur ?? 0));
      if ((t.dur ?? 0) < 300 && inner.every((e) => e.name !== 'FunctionCall')) continue;
      console.log(`  +${((t.ts - t0) / 1000).toFixed(1).padStart(6)}  ${((t.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms  ${describe(inner)}`);
    }
  }
  console.log(`\ntrace written to ${path}`);
});
