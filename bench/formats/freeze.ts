/**
 * Files that froze the app, opened in real Chromium with the built app: builds the two hostile
 * SQLite files of `tests/formats/hostile-files.ts` in a temp dir (LangGraph.js SqliteSaver layout):
 * 30 threads of one 10 MB checkpoint (315 MB), and 300,000 threads of one small checkpoint; then,
 * for each and for the small committed fixture `js/runs.sqlite` (the baseline), chooses it in the
 * Files view and prints:
 *
 * - open: ms from choosing the file until its first thread row is on screen (and the total shown);
 * - ping: the storage worker's answer time to `rg/hello`, sent every 50 ms from the page straight
 *   to the worker while the file opens (from the send to the reply's arrival, `MessageEvent.timeStamp`,
 *   so the page's own busy time is not counted): worst and median, and how many went unanswered;
 * - long tasks of the page's main thread (PerformanceObserver `longtask`) while opening and while
 *   switching views: count, longest, total;
 * - view switches: Files → Threads → Debugger → Files, 3 rounds, ms from the click to the second
 *   animation frame after it (worst and median).
 *
 * Run: `npx tsx bench/formats/freeze.ts` (BENCH_PORT, default 4232; FREEZE_THREADS to change the
 * 300,000; FREEZE_SKIP=huge or =many to leave one out).
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
const OPEN_TIMEOUT = 600_000;

interface Figures {
  file: string;
  openMs: number;
  total: string;
  ping: { worst: number; median: number; sent: number; unanswered: number };
  openLongTasks: { count: number; longest: number; sum: number };
  switchMs: { worst: number; median: number };
  switchLongTasks: { count: number; longest: number; sum: number };
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
    // Pings straight to the storage worker every 50 ms until stopped.
    await page.evaluate((version) => {
      const w = window as unknown as { __storage: Worker; __pings: { sent: number; answered?: number }[]; __stopPings: () => void };
      w.__pings = [];
      let next = 1_000_000_000;
      const open = new Map<number, { sent: number; answered?: number }>();
      w.__storage.addEventListener('message', (ev: MessageEvent) => {
        const p = open.get((ev.data as { id?: number }).id ?? -1);
        if (p) p.answered = ev.timeStamp;
      });
      const timer = setInterval(() => {
        const id = next++;
        const p = { sent: performance.now() };
        open.set(id, p);
        w.__pings.push(p);
        w.__storage.postMessage({ type: 'rg/hello', id, protocolVersion: version });
      }, 50);
      w.__stopPings = () => clearInterval(timer);
    }, PROTOCOL_VERSION);
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
    const total = (await page.getByTestId('file-thread-count').textContent({ timeout: 1000 }).catch(() => null))
      ?? `${await page.getByTestId('file-thread').count()} rows drawn`;
    await page.waitForTimeout(1000);
    const pings = await page.evaluate(() => {
      const w = window as unknown as { __pings: { sent: number; answered?: number }[]; __stopPings: () => void };
      w.__stopPings();
      return w.__pings;
    });
    const during = pings.filter((p) => p.sent >= start - 100 && p.sent <= end + 1000);
    const waits = during.map((p) => (p.answered ?? performance.now()) - p.sent);
    const answered = during.filter((p) => p.answered !== undefined).map((p) => p.answered! - p.sent);
    const tasks = await page.evaluate(() => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks);

    // View switches: the click to the second frame after it, for each.
    const switchFrom = await page.evaluate(() => performance.now());
    const switches = await page.evaluate(async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const out: number[] = [];
      for (let round = 0; round < 3; round++) {
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
    });
    const switchTo = await page.evaluate(() => performance.now());
    const allTasks = await page.evaluate(() => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks);
    return {
      file: path.split('/').pop()!,
      openMs: round(end - start),
      total: total.trim(),
      ping: { worst: round(Math.max(0, ...waits)), median: round(median(answered)), sent: during.length, unanswered: during.length - answered.length },
      openLongTasks: tasksIn(tasks, start, end + 1000),
      switchMs: { worst: round(Math.max(...switches)), median: round(median(switches)) },
      switchLongTasks: tasksIn(allTasks, switchFrom, switchTo),
    };
  } finally {
    await page.close();
  }
}

function print(rows: Figures[]): void {
  const base = rows[0]!;
  const ratio = (x: number, b: number) => (b > 0 ? `${(x / b).toFixed(1)}×` : '–');
  console.log('\nfile                 | open ms (× base) | total shown       | ping worst / median ms (× base worst), unanswered | open long tasks n / longest / sum ms | view switch worst / median ms (× base worst) | switch long tasks n / longest / sum ms');
  for (const r of rows) {
    console.log([
      r.file.padEnd(20),
      `${r.openMs} (${ratio(r.openMs, base.openMs)})`.padEnd(16),
      r.total.padEnd(17),
      `${r.ping.worst} / ${r.ping.median} (${ratio(r.ping.worst, base.ping.worst)}), ${r.ping.unanswered} of ${r.ping.sent}`.padEnd(48),
      `${r.openLongTasks.count} / ${r.openLongTasks.longest} / ${r.openLongTasks.sum}`.padEnd(36),
      `${r.switchMs.worst} / ${r.switchMs.median} (${ratio(r.switchMs.worst, base.switchMs.worst)})`.padEnd(44),
      `${r.switchLongTasks.count} / ${r.switchLongTasks.longest} / ${r.switchLongTasks.sum}`,
    ].join(' | '));
  }
}

const dir = mkdtempSync(join(tmpdir(), 'rg-freeze-'));
const files: string[] = [join(process.cwd(), 'tests/fixtures/checkpoints/js/runs.sqlite')];
benchMain(PORT, 'BENCH_PORT', {}, async (browser) => {
  try {
    if (!SKIP.includes('huge')) {
      console.log('making 30 threads × 10 MB…');
      files.push(await makeHugeBlobFile(join(dir, 'huge-blobs.sqlite'), 30, 10 * 1024 * 1024));
    }
    if (!SKIP.includes('many')) {
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
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
