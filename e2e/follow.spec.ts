/**
 * Following a running app from the command line: a real LangGraph.js app (SqliteSaver on
 * better-sqlite3, tests/follow/writer.ts) writes its checkpoints while the page, served by
 * `npm start -- <database>` (scripts/start.ts, on a free port of 127.0.0.1), follows the file:
 * every checkpoint of 50 runs appears in the open thread's timeline, none lost or doubled, across
 * a `wal_checkpoint(TRUNCATE)` in the middle, and the threads the app starts appear in the list.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** A TCP port free on 127.0.0.1 right now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs the writer; resolves when it is done. */
function write(db: string, count: number, truncateAt: number, pauseMs: number): Promise<void> {
  const child = spawn(process.execPath, [TSX, join(ROOT, 'tests/follow/writer.ts'), db, String(count), String(truncateAt), String(pauseMs)], { stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`writer exited with ${code}`)))));
}

/** What SQLite holds: each thread's root checkpoint ids, newest first. */
function stored(db: string): Map<string, string[]> {
  const d = new Database(db, { readonly: true });
  try {
    const out = new Map<string, string[]>();
    for (const r of d.prepare("SELECT thread_id, checkpoint_id FROM checkpoints WHERE checkpoint_ns = '' ORDER BY thread_id, checkpoint_id DESC").all() as { thread_id: string; checkpoint_id: string }[]) {
      out.set(r.thread_id, [...(out.get(r.thread_id) ?? []), r.checkpoint_id]);
    }
    return out;
  } finally {
    d.close();
  }
}

let dir = '';
let server: ChildProcess | null = null;

test.afterEach(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  server = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('npm start -- <database> follows a LangGraph.js app writing it: every checkpoint once, across a WAL truncation', async ({ page }) => {
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), 'follow-e2e-'));
  const db = join(dir, 'checkpoints.sqlite');
  // The app has run once: its database exists.
  await write(db, 1, 0, 0);
  const port = await freePort();
  // The app was built by the e2e web server; the start script serves that build with the file.
  server = spawn(process.execPath, [TSX, join(ROOT, 'scripts/start.ts'), '--no-build', '--port', String(port), db], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited: number | null = null;
  server.once('exit', (code) => (exited = code ?? -1));
  await expect.poll(async () => {
    if (exited !== null) throw new Error(`the start script exited with ${exited}`);
    return fetch(`http://127.0.0.1:${port}/__follow/files`).then((r) => r.ok, () => false);
  }, { timeout: 60_000 }).toBe(true);

  await page.goto(`http://127.0.0.1:${port}/`);
  const file = page.locator('[data-testid="opened-file"][data-file="checkpoints.sqlite"]');
  await expect(file.getByTestId('file-following')).toBeVisible({ timeout: 30_000 });
  const main = file.locator('[data-testid="file-thread"][data-thread="main"]');
  await expect(main.getByTestId('file-thread-checkpoints')).toHaveText('3');
  await main.getByTestId('open-file-thread').click();
  await expect(page.getByTestId('timeline-row')).toHaveCount(3, { timeout: 30_000 });

  // 50 more runs; the WAL is checkpointed into the database and truncated after the 25th.
  await write(db, 50, 25, 20);
  const expected = stored(db);
  const ids = expected.get('main')!;
  // 45 runs on main (every tenth starts a thread of its own), 3 checkpoints each, after the first run's 3.
  expect(ids).toHaveLength(3 + 45 * 3);
  await expect(page.locator('#timeline-title')).toContainText(`· ${ids.length} checkpoints`, { timeout: 60_000 });
  // The rows drawn (the list draws those in view) are consecutive checkpoints of the thread, each once.
  const shown = await page.getByTestId('timeline-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-checkpoint-id')!));
  expect(shown.length).toBeGreaterThan(3);
  const at = shown.map((id) => ids.indexOf(id));
  expect(at).not.toContain(-1);
  const step = Math.sign(at[1]! - at[0]!);
  expect(at.every((i, k) => k === 0 || i - at[k - 1]! === step)).toBe(true);

  // The threads the app started meanwhile are listed with their checkpoints.
  await page.getByTestId('view-files').click();
  for (const thread of ['extra-10', 'extra-20', 'extra-30', 'extra-40', 'extra-50']) {
    await expect(file.locator(`[data-testid="file-thread"][data-thread="${thread}"]`).getByTestId('file-thread-checkpoints')).toHaveText(String(expected.get(thread)!.length));
  }
  await expect(main.getByTestId('file-thread-checkpoints')).toHaveText(String(ids.length));
  await expect(file.getByTestId('file-thread-count')).toHaveText('6 threads');
  // The person stops following: the file stays open as it was last read.
  await file.getByTestId('stop-following').click();
  await expect(file.getByTestId('file-following')).toHaveCount(0);
});
