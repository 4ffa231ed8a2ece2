import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { doorOf } from '../../src/ui/portability/file-door';

const fixture = (p: string) => readFileSync(fileURLToPath(new URL(`../fixtures/checkpoints/${p}`, import.meta.url))).subarray(0, 4096);
const text = (s: string) => new TextEncoder().encode(s);

describe('one door for every file', () => {
  it('sends every checkpoint store the formats layer reads to the Files view, by content', () => {
    for (const p of ['js/runs.sqlite', 'js/wal.sqlite', 'js/wal.sqlite-wal', 'python/runs.sqlite', 'langgraph-dev/.langgraphjs_api.checkpointer.json', 'postgres/js-dump.json', 'python/postgres-dump.json', 'postgres/csv/checkpoints.csv', 'postgres/csv/checkpoint_blobs.csv', 'postgres/csv/checkpoint_writes.csv']) {
      expect([p, doorOf(fixture(p))]).toEqual([p, 'checkpoints']);
    }
  });

  it('sends thread files and histories to the import dialog', () => {
    expect(doorOf(text('{\n  "format": "replaygraph.thread",\n  "version": 1 }'))).toBe('thread');
    expect(doorOf(text('[{"values":{},"next":[],"config":{"configurable":{"thread_id":"t"}}}]'))).toBe('thread');
    // Neither: explained where it came in.
    expect(doorOf(text('hello'))).toBe('unknown');
    expect(doorOf(new Uint8Array(0))).toBe('unknown');
  });
});
