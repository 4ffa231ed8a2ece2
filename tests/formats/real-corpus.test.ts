/**
 * Every checkpoint database of `tests/fixtures/checkpoints/real/` (committed by real LangGraph
 * apps on GitHub, see its README) opened the way the app opens a file, and every checkpoint read.
 * LangGraph Python cannot run here, so the reference is what the stored bytes hold, read apart
 * from the reader under test: row counts by plain SQL (better-sqlite3), messages and values by a
 * plain msgpack / JSON parse of each blob.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { decode as msgpackDecode, ExtensionCodec } from '@msgpack/msgpack';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckpointSource } from '../../src/formats/index';
import { readMessage } from '../../src/ui/inspector/chat/messages';
import { userValues } from '../../src/worker/dto-map';
import type { Json } from '../../src/protocol/dto';
import { FIXTURES, fixture, open } from './fixtures';

const REAL = join(FIXTURES, 'real');
const databases = readdirSync(REAL, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => ({ name: d.name, file: readdirSync(join(REAL, d.name)).find((f) => !f.endsWith('.md') && !/-(wal|shm)$/.test(f))! }));

/**
 * Real SQLite over a copy of a fixture in a temporary folder: a WAL-mode file opened in place,
 * even read-only, gets a -shm and a -wal beside it.
 */
const copies = mkdtempSync(join(tmpdir(), 'rg-real-'));
afterAll(() => rmSync(copies, { recursive: true, force: true }));
function sqlOf(name: string, file: string): Database {
  const path = join(copies, `${name}-${file}`);
  copyFileSync(join(REAL, name, file), path);
  return new Database(path, { readonly: true });
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A raw blob read without the reader: its `channel_values` and its messages counted (msgpack
 * ext 5 of `langchain_core.messages`, or JSON `lc` message constructors). An extension stays the
 * array of its payload.
 */
function rawBlob(type: string, bytes: Uint8Array): { channels: Rec; messages: number } {
  let n = 0;
  const codec = new ExtensionCodec();
  for (let t = 0; t < 8; t++) {
    codec.register({
      type: t,
      encode: () => null,
      decode: (data) => {
        const inner = msgpackDecode(data, { extensionCodec: codec }) as unknown[];
        if (t === 5 && typeof inner[0] === 'string' && inner[0].startsWith('langchain_core.messages')) n++;
        return inner;
      },
    });
  }
  if (type === 'msgpack') {
    const raw = msgpackDecode(bytes, { extensionCodec: codec, useBigInt64: true });
    return { channels: isRec(raw) && isRec(raw.channel_values) ? raw.channel_values : {}, messages: n };
  }
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isRec(v)) {
      if (v.lc === 1 && v.type === 'constructor' && Array.isArray(v.id) && /Message(Chunk)?$/.test(String(v.id[v.id.length - 1]))) n++;
      Object.values(v).forEach(walk);
    }
  };
  const raw = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  walk(raw);
  return { channels: isRec(raw) && isRec(raw.channel_values) ? raw.channel_values : {}, messages: n };
}

/** Everything tagged in a decoded value: messages, and values the reader could not decode. */
function tagged(v: unknown, out: { messages: Rec[]; opaque: Rec[]; objects: Rec[]; emptyObjects: number }): void {
  if (Array.isArray(v)) v.forEach((x) => tagged(x, out));
  else if (isRec(v)) {
    if (v.$type === 'message') out.messages.push(v);
    if (v.$type === 'opaque') out.opaque.push(v);
    if (v.$type === 'object') out.objects.push(v);
    Object.values(v).forEach((x) => tagged(x, out));
  }
}

const sources: CheckpointSource[] = [];
afterAll(() => sources.forEach((s) => s.close()));

describe('real checkpoint databases from GitHub', () => {
  it('the corpus holds at least 22 databases, one of the pre-mid-2024 layout', () => {
    expect(databases.length).toBeGreaterThanOrEqual(22);
    const layouts = databases.map(({ name, file }) => {
      const db = sqlOf(name, file);
      try {
        return (db.prepare(`SELECT name FROM pragma_table_info('checkpoints')`).all() as { name: string }[]).map((r) => r.name);
      } finally {
        db.close();
      }
    });
    expect(layouts.filter((cols) => cols.includes('thread_ts')).length).toBeGreaterThanOrEqual(1);
  });

  for (const { name, file } of databases) {
    it(`${name}: opens, counts as SQL does, every checkpoint decoded, messages typed, nothing undecodable unnamed`, async () => {
      const source = await open([fixture(`real/${name}/${file}`)]);
      sources.push(source);
      const sql = sqlOf(name, file);
      const tables = (sql.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table'`).all() as { name: string }[]).map((r) => r.name);
      const threads = await source.listThreads();
      if (!tables.includes('checkpoints')) {
        expect(threads).toEqual([]);
        sql.close();
        return;
      }
      const cols = (sql.prepare(`SELECT name FROM pragma_table_info('checkpoints')`).all() as { name: string }[]).map((r) => r.name);
      const idCol = cols.includes('checkpoint_id') ? 'checkpoint_id' : 'thread_ts';
      const nsCol = cols.includes('checkpoint_ns') ? 'checkpoint_ns' : `''`;
      const typeCol = cols.includes('type') ? 'type' : `'json'`;
      const counts = sql.prepare(`SELECT count(*) AS n, count(DISTINCT thread_id) AS t FROM checkpoints`).get() as { n: number; t: number };
      expect(threads.length).toBe(counts.t);
      expect(threads.reduce((a, t) => a + t.checkpointCount, 0)).toBe(counts.n);

      const rows = sql.prepare(`SELECT thread_id AS t, ${nsCol} AS ns, ${idCol} AS id, ${typeCol} AS type, checkpoint FROM checkpoints`).all() as { t: string; ns: string; id: string; type: string; checkpoint: Uint8Array }[];
      sql.close();
      let read = 0;
      for (const row of rows) {
        const cp = await source.getCheckpoint(row.t, row.ns, row.id);
        expect(cp, `${row.t}/${row.id}`).toBeDefined();
        read++;
        const values = cp!.tuple.checkpoint.channel_values;
        const found = { messages: [] as Rec[], opaque: [] as Rec[], objects: [] as Rec[], emptyObjects: 0 };
        tagged(values, found);
        // The reader finds every message the stored bytes hold, each with its type.
        const raw = rawBlob(row.type, row.checkpoint);
        expect(found.messages.length, `messages of ${row.t}/${row.id}`).toBe(raw.messages);
        for (const m of found.messages) {
          expect(typeof m.type === 'string' && m.type !== '', `message type in ${row.id}`).toBe(true);
          if (m.type !== 'ai') continue;
          const view = readMessage(m as Json)!;
          expect(view.role).toBe('ai');
          for (const call of view.toolCalls) expect(call.name, `a tool call of ${String(m.id)}`).not.toBe('(unnamed)');
          const extra = isRec(m.additional_kwargs) && Array.isArray(m.additional_kwargs.tool_calls) ? m.additional_kwargs.tool_calls.length : 0;
          if (extra > 0) expect(view.toolCalls.length, `tool calls of ${String(m.id)}`).toBe(extra);
        }
        // What cannot be decoded is named by its type; classes by module and name.
        for (const o of found.opaque) expect(typeof o.type === 'string' && o.type !== '' && typeof o.reason === 'string').toBe(true);
        for (const o of found.objects) expect(typeof o.module === 'string' && typeof o.name === 'string' && o.name !== '').toBe(true);
        // No channel is shown as an empty object when the blob held something for it.
        for (const [ch, v] of Object.entries(values)) {
          if (isRec(v) && Object.keys(v).length === 0) expect(raw.channels[ch], `channel ${ch} of ${row.id} decoded to {}`).toEqual({});
        }
        // The values shown hold every user channel of the checkpoint.
        const shown = userValues(values);
        const user = Object.keys(values).filter((k) => !k.startsWith('__') && !/^(branch|start|join):/.test(k));
        expect(Object.keys(shown).sort()).toEqual(user.sort());
      }
      expect(read).toBe(counts.n);
    }, 120_000);
  }
});
