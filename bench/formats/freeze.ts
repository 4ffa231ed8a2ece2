/**
 * Files that froze the app, opened in real Chromium with the built app: builds the two hostile
 * SQLite files of `tests/formats/hostile-files.ts` in a temp dir (LangGraph.js SqliteSaver layout):
 * 30 threads of one 10 MB checkpoint (315 MB), and 300,000 threads of one small checkpoint; then,
 * for each and for the small committed fixture `js/runs.sqlite` (the baseline), chooses it in the
 * Files view and prints:
 *
 * Each file is opened in a new page after a warm-up (the small fixture opened and closed: the
 * first file loads `src/formats` and SQLite's WASM into the worker, `warmMs`), so the figures are
 * the file's own.
 *
 * - open: ms from choosing the file until its first thread row is on screen (and the total shown);
 * - ping: the storage worker's answer time to `rg/hello`, sent every 50 ms from the page straight
 *   to the worker while the file opens (from the send to the reply's arrival, `MessageEvent.timeStamp`,
 *   so the page's own busy time is not counted): worst and median, and how many went unanswered;
 * - long tasks of the page's main thread (PerformanceObserver `longtask`) while opening and while
 *   switching views: count, longest, total;
 * - view switches: Files → Threads → Debugger → Files, 3 rounds, ms from the click to the second
 *   animation frame after it (worst and median);
 * - the file's first thread opened in the debugger: ms until its first timeline row, and the
 *   worst ping meanwhile (its checkpoints are read on demand);
 * - the idle ping: the same pings' answers before the file is chosen (the baseline of the gaps);
 * - counted: ms until the file's total is counted (after its first rows show);
 * - page switches: the list scrolled to the middle, three quarters and the end, ms until no row in
 *   view waits for its page.
 *
 * Last, the figures the issue asks for, each against its baseline of the same run: the longest
 * gap of the storage worker while a 10 MB checkpoint is read vs its idle round trip, and the
 * 300,000-thread file's open and page switch vs a 1,000-thread file's.
 *
 * Run: `npx tsx bench/formats/freeze.ts` (BENCH_PORT, default 4232; FREEZE_THREADS to change the
 * 300,000; FREEZE_SKIP=huge or =many to leave one out; FREEZE_ROUNDS, default 3, rounds of view switches).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { PROTOCOL_VERSION } from '../../src/protocol/messages';
import { makeHugeBlobFile, makeManyThreadsFile } from '../../tests/formats/hostile-files';
import { benchMain } from '../ui/serve';

const PORT = Number(process.env.BENCH_PORT ?? 4232);
const MANY = Number(process.env.FREEZE_THREADS ?? 300_000);
const SKIP = process.env.FREEZE_SKIP ?? '';
const OPEN_TIMEOUT = 900_000;
const ROUNDS = Number(process.env.FREEZE_ROUNDS ?? 3);

interface Figures {
  file: string;
  openMs: number;
  /** From choosing the file until its total is counted (`data-counted`). */
  countedMs: number;
  /** The storage worker's answer to the same pings while idle, before the file is chosen. */
  idlePing: { worst: number; median: number };
  /** Scrolling the file's list to a place not loaded yet until its rows show, three times. */
  pageMs: { worst: number; median: number };
  total: string;
  ping: { worst: number; median: number; sent: number; unanswered: number };
  openLongTasks: { count: number; longest: number; sum: number };
  switchMs: { worst: number; median: number };
  switchLongTasks: { count: number; longest: number; sum: number };
  /** The warm-up (the small fixture opened and closed, loading SQLite in the worker). */
  warmMs: number;
  /** Opening the file's first thread in the debugger until its first timeline row. */
  threadMs: number;
  threadPing: Figures['ping'];
}

type Ping = { sent: number; answered?: number };

/** Pings straight to the storage worker every 50 ms until `stopPings`. */
async function startPings(page: Page): Promise<void> {
  await page.evaluate((version) => {
    const w = window as unknown as { __storage: Worker; __pings: Ping[]; __stopPings: () => void; __pingNext?: number };
    w.__pings = [];
    const open = new Map<number, Ping>();
    const listener = (ev: MessageEvent) => {
      const p = open.get((ev.data as { id?: number }).id ?? -1);
      if (p) p.answered = ev.timeStamp;
    };
    w.__storage.addEventListener('message', listener);
    const timer = setInterval(() => {
      const id = (w.__pingNext = (w.__pingNext ?? 1_000_000_000) + 1);
      const p: Ping = { sent: performance.now() };
      open.set(id, p);
      w.__pings.push(p);
      w.__storage.postMessage({ type: 'rg/hello', id, protocolVersion: version });
    }, 50);
    w.__stopPings = () => {
      clearInterval(timer);
      w.__storage.removeEventListener('message', listener);
    };
  }, PROTOCOL_VERSION);
}

async function stopPings(page: Page): Promise<Ping[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __pings: Ping[]; __stopPings: () => void };
    w.__stopPings();
    return w.__pings;
  });
}

/** Answer times of the pings sent in [from, to] (an unanswered one counts until now). */
function pingFigures(pings: Ping[], from: number, to: number): Figures['ping'] {
  const during = pings.filter((p) => p.sent >= from - 100 && p.sent <= to);
  const last = Math.max(to, ...pings.map((p) => p.answered ?? 0));
  const waits = during.map((p) => (p.answered ?? last) - p.sent);
  const answered = during.filter((p) => p.answered !== undefined).map((p) => p.answered! - p.sent);
  return { worst: round(Math.max(0, ...waits)), median: round(median(answered)), sent: during.length, unanswered: during.length - answered.length };
}

/** Runs in the page before the app: keeps the storage worker and the page's long tasks. */
function instrument(): void {
  const w = window as unknown as { __storage?: Worker; __longTasks: { start: number; duration: number }[] };
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      w.__storage ??= this;
    }
  };
}

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : 0);
const round = (x: number) => Math.round(x);

function tasksIn(tasks: { start: number; duration: number }[], from: number, to: number) {
  const inside = tasks.filter((t) => t.start + t.duration > from && t.start < to);
  return { count: inside.length, longest: round(Math.max(0, ...inside.map((t) => t.duration))), sum: round(inside.reduce((n, t) => n + t.duration, 0)) };
}

async function measure(browser: Browser, origin: string, path: string): Promise<Figures> {
  const page: Page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript({ content: 'window.__name = (f) => f;' });
  await page.addInitScript(instrument);
  try {
    await page.goto(`${origin}/?view=files`);
    await page.locator('[data-testid="worker-status"][data-status="ready"]').waitFor({ state: 'attached' });
    await page.getByTestId('files-view').waitFor();
    // Warm-up: the first file of a worker loads src/formats and SQLite's WASM (measured apart).
    const warmFrom = await page.evaluate(() => performance.now());
    await page.getByTestId('files-input').setInputFiles([WARM_UP]);
    await page.getByTestId('close-file').click();
    await page.getByTestId('opened-file').waitFor({ state: 'detached' });
    const warmMs = round((await page.evaluate(() => performance.now())) - warmFrom);
    await startPings(page);
    await page.waitForTimeout(500);
    const shown = page.evaluate((timeout) => new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      const tick = () => {
        if (document.querySelector('[data-testid="file-thread"]')) resolve(performance.now());
        else if (performance.now() - t0 > timeout) reject(new Error('no thread row shown'));
        else requestAnimationFrame(tick);
      };
      tick();
    }), OPEN_TIMEOUT);
    const start = await page.evaluate(() => performance.now());
    await page.getByTestId('files-input').setInputFiles([path]);
    const end = await shown;
    await page.locator('[data-testid="file-thread-count"][data-counted="true"]').waitFor({ state: 'attached', timeout: OPEN_TIMEOUT });
    const counted = await page.evaluate(() => performance.now());
    const total = (await page.getByTestId('file-thread-count').textContent({ timeout: 1000 }).catch(() => null))
      ?? `${await page.getByTestId('file-thread').count()} rows drawn`;
    await page.waitForTimeout(1000);
    const pings = await stopPings(page);
    const ping = pingFigures(pings, start, end + 1000);
    const idle = pings.filter((p) => p.sent < start - 100 && p.answered !== undefined).map((p) => p.answered! - p.sent);
    // Page switches: the list scrolled to a place not loaded yet, until no row there waits for its page.
    const pageMs = await page.evaluate(async () => {
      const scroller = document.querySelector<HTMLElement>('[data-testid="file-threads-scroll"]');
      const out: number[] = [];
      if (!scroller) return out;
      for (const at of [0.5, 0.75, 1]) {
        const t = performance.now();
        scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) * at;
        await new Promise<void>((resolve) => {
          const tick = () => {
            const loading = scroller.querySelector('[data-testid="file-thread-loading"]');
            if (!loading && scroller.querySelector('[data-testid="file-thread"]')) resolve();
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        });
        out.push(performance.now() - t);
      }
      return out;
    });
    const tasks = await page.evaluate(() => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks);

    // View switches: the click to the second frame after it, for each.
    const switchFrom = await page.evaluate(() => performance.now());
    const switches = await page.evaluate(async (rounds) => {
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const out: number[] = [];
      for (let round = 0; round < rounds; round++) {
        for (const view of ['threads', 'debugger', 'files']) {
          const button = document.querySelector<HTMLElement>(`[data-testid="view-${view}"]`)!;
          await frame();
          const t = performance.now();
          button.click();
          await frame();
          await frame();
          out.push(performance.now() - t);
        }
      }
      return out;
    }, ROUNDS);
    const switchTo = await page.evaluate(() => performance.now());
    const allTasks = await page.evaluate(() => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks);

    // The file's first thread opened in the debugger: its history read (and decoded) on demand.
    await page.getByTestId('view-files').click();
    await startPings(page);
    await page.waitForTimeout(300);
    const threadFrom = await page.evaluate(() => performance.now());
    await page.getByTestId('open-file-thread').first().click();
    await page.getByTestId('timeline-row').first().waitFor({ timeout: OPEN_TIMEOUT });
    const threadTo = await page.evaluate(() => performance.now());
    await page.waitForTimeout(500);
    const threadPing = pingFigures(await stopPings(page), threadFrom, threadTo + 500);
    return {
      file: path.split('/').pop()!,
      openMs: round(end - start),
      countedMs: round(counted - start),
      idlePing: { worst: round(Math.max(0, ...idle)), median: round(median(idle)) },
      pageMs: { worst: round(Math.max(0, ...pageMs)), median: round(median(pageMs)) },
      total: total.trim(),
      ping,
      openLongTasks: tasksIn(tasks, start, end + 1000),
      switchMs: { worst: round(Math.max(...switches)), median: round(median(switches)) },
      switchLongTasks: tasksIn(allTasks, switchFrom, switchTo),
      warmMs,
      threadMs: round(threadTo - threadFrom),
      threadPing,
    };
  } finally {
    await page.close();
  }
}

function print(rows: Figures[]): void {
  const base = rows[0]!;
  const ratio = (x: number, b: number) => (b > 0 ? `${(x / b).toFixed(1)}×` : '–');
  console.log('\nfile                 | open ms (× base) | total shown       | ping worst / median ms (× base worst), unanswered | open long tasks n / longest / sum ms | view switch worst / median ms (× base worst) | switch long tasks n / longest / sum ms | first thread in debugger ms / ping worst ms');
  for (const r of rows) {
    console.log([
      r.file.padEnd(20),
      `${r.openMs} (${ratio(r.openMs, base.openMs)})`.padEnd(16),
      r.total.padEnd(17),
      `${r.ping.worst} / ${r.ping.median} (${ratio(r.ping.worst, base.ping.worst)}), ${r.ping.unanswered} of ${r.ping.sent}`.padEnd(48),
      `${r.openLongTasks.count} / ${r.openLongTasks.longest} / ${r.openLongTasks.sum}`.padEnd(36),
      `${r.switchMs.worst} / ${r.switchMs.median} (${ratio(r.switchMs.worst, base.switchMs.worst)})`.padEnd(44),
      `${r.switchLongTasks.count} / ${r.switchLongTasks.longest} / ${r.switchLongTasks.sum}`.padEnd(38),
      `${r.threadMs} / ${r.threadPing.worst}`,
    ].join(' | '));
  }
}

/** The figures the issue asks for, each against its baseline measured in the same run. */
function printVerdicts(rows: Figures[]): void {
  const by = (name: string) => rows.find((r) => r.file === name);
  const ratio = (x: number, b: number) => `${(x / Math.max(b, 1)).toFixed(1)}×`;
  const huge = by('huge-blobs.sqlite');
  if (huge) {
    console.log(`\nstorage worker's longest gap while a 10 MB checkpoint of huge-blobs.sqlite is read: ${huge.threadPing.worst} ms `
      + `(idle round trip worst ${huge.idlePing.worst} ms, median ${huge.idlePing.median} ms: ${ratio(huge.threadPing.worst, huge.idlePing.worst)}); `
      + `while the 315 MB file opens: ${huge.ping.worst} ms (${ratio(huge.ping.worst, huge.idlePing.worst)})`);
  }
  const many = by('many-threads.sqlite');
  const few = by('few-threads.sqlite');
  if (many && few) {
    console.log(`${MANY} threads: first rows in ${many.openMs} ms vs ${few.openMs} ms for 1,000 (${ratio(many.openMs, few.openMs)}); `
      + `total counted in ${many.countedMs} ms; page switch worst ${many.pageMs.worst} ms vs ${few.pageMs.worst} ms (${ratio(many.pageMs.worst, few.pageMs.worst)}); `
      + `view switch worst ${many.switchMs.worst} ms vs ${few.switchMs.worst} ms; storage worker's longest gap while opening ${many.ping.worst} ms (idle ${many.idlePing.worst} ms)`);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'rg-freeze-'));
const WARM_UP = join(process.cwd(), 'tests/fixtures/checkpoints/js/runs.sqlite');
const files: string[] = [WARM_UP];
benchMain(PORT, 'BENCH_PORT', {}, async (browser) => {
  try {
    if (!SKIP.includes('huge')) {
      console.log('making 30 threads × 10 MB…');
      files.push(await makeHugeBlobFile(join(dir, 'huge-blobs.sqlite'), 30, 10 * 1024 * 1024));
    }
    if (!SKIP.includes('many')) {
      console.log('making 1,000 threads (the baseline of the many)…');
      files.push(await makeManyThreadsFile(join(dir, 'few-threads.sqlite'), 1000));
      console.log(`making ${MANY} threads…`);
      files.push(await makeManyThreadsFile(join(dir, 'many-threads.sqlite'), MANY));
    }
    const rows: Figures[] = [];
    for (const f of files) {
      console.log(`opening ${f.split('/').pop()}…`);
      const r = await measure(browser, `http://127.0.0.1:${PORT}`, f);
      console.log(JSON.stringify(r));
      rows.push(r);
    }
    print(rows);
    printVerdicts(rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
