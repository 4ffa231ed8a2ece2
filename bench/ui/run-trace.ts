/**
 * What the page's main thread does while a long run streams in: the long tasks (> 30 ms) of a
 * Chrome trace of one run of the counter test graph, each printed as its biggest parts (style,
 * layout, paint, script, GC) with its time from the trace's start. With `NOTRACE=1` the run is not
 * traced and the script prints the long tasks (> 50 ms) the browser reports, with their start in
 * ms after the run was started, and its long animation frames (> 50 ms, tasks and rendering); with `INVALIDATIONS=1` each long task also lists what invalidated
 * style and layout before it (the trace then runs far slower: read counts, not times).
 *
 * Run: `npx tsx bench/ui/run-trace.ts` (BENCH_RUN: supersteps, default 10,000; BENCH_PORT).
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { benchPage, openApp } from './app-page';
import { benchMain } from './serve';

const PORT = Number(process.env.BENCH_PORT ?? 4198);
const BASE = `http://127.0.0.1:${PORT}/?testGraphs=1&debug=1`;
const STEPS = Number(process.env.BENCH_RUN ?? 10_000);
const INVALIDATIONS = process.env.INVALIDATIONS === '1';

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { data?: Record<string, unknown>; name?: string } }

const PARTS = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'FunctionCall', 'MajorGC', 'MinorGC', 'EventDispatch', 'FireAnimationFrame', 'TimerFire']);

async function startRun(page: Page): Promise<void> {
  await page.getByTestId('run-input').fill(JSON.stringify({ count: 0, target: STEPS, delayMs: 0 }));
  await page.getByTestId('recursion-limit').fill(String(STEPS + 100));
  await page.getByTestId('run-new').click();
}

const ended = (page: Page) => page.locator('[data-testid="run-item"][data-outcome="done"]').waitFor({ timeout: 900_000 });

function printLongTasks(events: TraceEvent[]): void {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.filter((x) => x.pid === e.pid && x.tid === e.tid).length > 1000);
  if (!main) throw new Error('no busy renderer main thread in the trace');
  const tasks = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const t0 = tasks[0]!.ts;
  let previousEnd = t0;
  for (const t of tasks.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && (e.dur ?? 0) > 30_000)) {
    const end = t.ts + (t.dur ?? 0);
    const parts = tasks.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) > 1500 && PARTS.has(e.name));
    const label = (e: TraceEvent) => (e.name === 'FunctionCall' ? `fn ${String(e.args?.data?.functionName || '?')}:${String(e.args?.data?.lineNumber ?? '')}` : e.name);
    console.log(`at ${((t.ts - t0) / 1e6).toFixed(2)} s, ${((t.dur ?? 0) / 1000).toFixed(1)} ms: ${parts.slice(0, 12).map((e) => `${label(e)} ${((e.dur ?? 0) / 1000).toFixed(1)}`).join(', ')}`);
    if (INVALIDATIONS) {
      const counts = new Map<string, number>();
      for (const e of events) {
        if (!e.name.endsWith('InvalidationTracking') || e.ts < previousEnd || e.ts > end) continue;
        const key = `${String(e.args?.data?.nodeName ?? '').slice(0, 50)}: ${String(e.args?.data?.reason ?? e.name)}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      console.log(`    ${[...counts].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, n]) => `${n}× ${k}`).join('; ')}`);
    }
    previousEnd = end;
  }
}

benchMain(PORT, 'BENCH_PORT', { minify: false }, async (browser) => {
  const page = await benchPage(browser);
  await openApp(page, BASE);
  await page.getByTestId('view-debugger').click();
  await page.getByTestId('graph-picker').selectOption('test-counter');
  await page.getByTestId('run-input').waitFor();
  if (process.env.NOTRACE) {
    await page.evaluate(() => {
      const w = window as unknown as { __longTasks: string[]; __frames: { duration: number; layout: number }[]; __t0: number };
      w.__longTasks = [];
      w.__frames = [];
      w.__t0 = performance.now();
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push(`${Math.round(e.duration)} ms at ${Math.round(e.startTime - w.__t0)} ms`);
      }).observe({ type: 'longtask' });
      // Long animation frames (over 50 ms from the first task to the frame's paint): their style and layout time.
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { styleAndLayoutStart: number })[]) w.__frames.push({ duration: e.duration, layout: e.startTime + e.duration - e.styleAndLayoutStart });
      }).observe({ type: 'long-animation-frame' });
    });
    await startRun(page);
    await ended(page);
    await page.waitForTimeout(500);
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __longTasks: string[]; __frames: { duration: number; layout: number }[] };
      return { __longTasks: w.__longTasks, __frames: w.__frames };
    });
    const frames = seen.__frames.map((f) => f.duration).sort((a, b) => a - b);
    console.log(`long tasks over 50 ms during a ${STEPS}-superstep run: ${JSON.stringify(seen.__longTasks)}`);
    console.log(`long animation frames (over 50 ms): ${frames.length}${frames.length > 0 ? `, max ${Math.round(frames.at(-1)!)} ms, style and layout (from its start to the paint) median ${Math.round(seen.__frames.map((f) => f.layout).sort((a, b) => a - b)[frames.length >> 1]!)} ms` : ''}`);
    return;
  }
  const path = join(tmpdir(), `replaygraph-run-trace-${Date.now()}.json`);
  const categories = ['devtools.timeline', 'toplevel', 'disabled-by-default-devtools.timeline', 'v8', ...(INVALIDATIONS ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : [])];
  await browser.startTracing(page, { path, categories });
  await startRun(page);
  await ended(page);
  await page.locator('[data-testid="timeline"][data-complete="true"]').waitFor();
  await page.waitForTimeout(500);
  await browser.stopTracing();
  const raw = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] };
  printLongTasks(raw.traceEvents);
  console.log(`\ntrace written to ${path}`);
});
