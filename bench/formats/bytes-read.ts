/**
 * Bytes read against file size when opening a large checkpoint database: shows that the reader
 * does not copy the file, only the pages SQLite needs for each call.
 *
 * Generates (once, in the temp directory) a SQLite file with the JS saver's schema holding
 * `THREADS` × `PER_THREAD` checkpoints whose blobs are real ones from the chat fixture (ids
 * renumbered, the messages padded to ~`BLOB_KB` KB), then opens it through a file-backed
 * ByteSource that reads with `fs.readSync` at an offset, counting every byte.
 *
 * Run: `npx tsx bench/formats/bytes-read.ts` (set BENCH_MB to change the size, default 256).
 */
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { loadSqlite, openCheckpointSource, type ByteSource, type ReadStats } from '../../src/formats/index';

const TARGET_MB = Number(process.env.BENCH_MB ?? 256);
const BLOB_KB = 4;
const PER_THREAD = 100;
const THREADS = Math.ceil((TARGET_MB * 1024) / (BLOB_KB * 1.08) / PER_THREAD);
const dir = join(tmpdir(), 'rg-bench-formats');
const path = join(dir, `big-${TARGET_MB}mb.sqlite`);

function generate(): void {
  mkdirSync(dir, { recursive: true });
  rmSync(path, { force: true });
  const fixture = new Database(join(process.cwd(), 'tests/fixtures/checkpoints/js/runs.sqlite'), { readonly: true });
  const sample = fixture.prepare("SELECT checkpoint, metadata FROM checkpoints WHERE thread_id = 'chat' ORDER BY checkpoint_id DESC LIMIT 1").get() as { checkpoint: Uint8Array; metadata: Uint8Array };
  fixture.close();
  const checkpoint = JSON.parse(Buffer.from(sample.checkpoint).toString()) as { id: string; channel_values: { messages: { kwargs: { content: string } }[] } };
  checkpoint.channel_values.messages[1]!.kwargs.content = 'x'.repeat(BLOB_KB * 1024 - 2000);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE checkpoints (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '', checkpoint_id TEXT NOT NULL, parent_checkpoint_id TEXT, type TEXT, checkpoint BLOB, metadata BLOB, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id));
    CREATE TABLE writes (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '', checkpoint_id TEXT NOT NULL, task_id TEXT NOT NULL, idx INTEGER NOT NULL, channel TEXT NOT NULL, type TEXT, value BLOB, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, task_id, idx));`);
  const put = db.prepare('INSERT INTO checkpoints VALUES (?, ?, ?, ?, ?, ?, ?)');
  const write = db.prepare('INSERT INTO writes VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const id = (t: number, n: number) => `1f1ed6db-${t.toString(16).padStart(4, '0')}-6${n.toString(16).padStart(3, '0')}-8000-000000000000`;
  db.transaction(() => {
    for (let t = 0; t < THREADS; t++) {
      for (let n = 0; n < PER_THREAD; n++) {
        checkpoint.id = id(t, n);
        put.run(`thread-${t}`, '', id(t, n), n ? id(t, n - 1) : null, 'json', Buffer.from(JSON.stringify(checkpoint)), sample.metadata);
        write.run(`thread-${t}`, '', id(t, n), 'task', 0, 'messages', 'json', Buffer.from('[{"lc":1,"type":"constructor","id":["langchain_core","messages","AIMessage"],"kwargs":{"content":"ok"}}]'));
      }
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/** A file read at offsets, never loaded whole. */
function fileSource(file: string, stats: ReadStats): ByteSource & { close(): void } {
  const fd = openSync(file, 'r');
  const size = fstatSync(fd).size;
  return {
    name: file.split('/').pop()!,
    size,
    read(offset, length) {
      const n = Math.max(0, Math.min(length, size - offset));
      const out = Buffer.allocUnsafe(n);
      const got = n ? readSync(fd, out, 0, n, offset) : 0;
      stats.reads++;
      stats.bytes += got;
      return new Uint8Array(out.buffer, out.byteOffset, got);
    },
    close: () => closeSync(fd),
  };
}

if (!existsSync(path)) {
  console.log(`generating ${path} (${THREADS} threads × ${PER_THREAD} checkpoints)…`);
  generate();
}
const size = statSync(path).size;
const stats: ReadStats = { reads: 0, bytes: 0 };
const file = fileSource(path, stats);
// SQLite WASM's own memory (its module and heap) is there whatever the file: measured apart.
const rssStart = process.memoryUsage().rss;
await loadSqlite();
const rssBefore = process.memoryUsage().rss;
const rows: [string, number, number][] = [];
const step = async (label: string, fn: () => Promise<unknown>) => {
  const before = stats.bytes;
  const reads = stats.reads;
  await fn();
  rows.push([label, stats.bytes - before, stats.reads - reads]);
};

const opened = await openCheckpointSource([file]);
if (!opened.ok) throw new Error(opened.error.message);
const source = opened.source;
rows.push(['open (header, schema)', stats.bytes, stats.reads]);
let threads: { threadId: string }[] = [];
await step('list threads (whole primary-key index)', async () => (threads = await source.listThreads()));
const middle = threads[Math.floor(threads.length / 2)]!.threadId;
await step('list namespaces of a thread', () => source.listNamespaces(middle));
let page: { checkpointId: string }[] = [];
await step('first history page (50 checkpoints)', async () => (page = await source.listCheckpoints(middle, '', { limit: 50 })));
await step('latest checkpoint of the thread', () => source.getCheckpoint(middle, ''));
await step('a checkpoint from the page', () => source.getCheckpoint(middle, '', page[25]!.checkpointId));
const rssAfter = process.memoryUsage().rss;
source.close();
file.close();

const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
console.log(`\nfile: ${mb(size)} MB, ${threads.length} threads\n`);
console.log('step'.padEnd(42), 'bytes read'.padStart(12), 'reads'.padStart(7), 'of file'.padStart(9));
for (const [label, bytes, reads] of rows) console.log(label.padEnd(42), String(bytes).padStart(12), String(reads).padStart(7), `${((bytes / size) * 100).toFixed(3)}%`.padStart(9));
console.log('total'.padEnd(42), String(stats.bytes).padStart(12), String(stats.reads).padStart(7), `${((stats.bytes / size) * 100).toFixed(3)}%`.padStart(9));
console.log(`\nSQLite WASM loaded: +${mb(rssBefore - rssStart)} MB resident; then +${mb(rssAfter - rssBefore)} MB while reading the ${mb(size)} MB file (ratio ${((rssAfter - rssBefore) / size).toFixed(3)})`);
