/**
 * The read-only saver's list/getTuple semantics on a real file, checked against the real JS
 * saver's answers to the same questions (the engine relies on them: newest first, `before`,
 * `limit`, metadata `filter`, every namespace when `checkpoint_ns` is absent).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckpointSource } from '../../src/formats/index';
import { FIXTURES, fixture, open } from './fixtures';

let dir: string;
let real: SqliteSaver;
let source: CheckpointSource;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rg-saver-'));
  copyFileSync(join(FIXTURES, 'js/runs.sqlite'), join(dir, 'runs.sqlite'));
  real = new SqliteSaver(new Database(join(dir, 'runs.sqlite')));
  source = await open([fixture('js/runs.sqlite')]);
});
afterAll(() => {
  source.close();
  real.db.close();
  rmSync(dir, { recursive: true, force: true });
});

type Config = { configurable: Record<string, string> };
type Options = { limit?: number; before?: Config; filter?: Record<string, unknown> };

async function ids(saver: { list(c: Config, o?: Options): AsyncGenerator<{ config: { configurable?: Record<string, unknown> } }> }, config: Config, options?: Options) {
  const out: string[] = [];
  for await (const t of saver.list(config, options)) out.push(`${String(t.config.configurable?.checkpoint_ns)}|${String(t.config.configurable?.checkpoint_id)}`);
  return out;
}

describe('ReadOnlyCheckpointSaver.list and getTuple', () => {
  const cases: [string, Config, Options | undefined][] = [
    ['a thread, every namespace', { configurable: { thread_id: 'subgraph' } }, undefined],
    ['a namespace', { configurable: { thread_id: 'subgraph', checkpoint_ns: '' } }, undefined],
    ['limit', { configurable: { thread_id: 'subgraph' } }, { limit: 3 }],
    ['before', { configurable: { thread_id: 'error-resume', checkpoint_ns: '' } }, { before: { configurable: {} } }],
    ['filter on metadata', { configurable: { thread_id: 'chat' } }, { filter: { source: 'loop', step: 2 } }],
    ['filter matching nothing', { configurable: { thread_id: 'chat' } }, { filter: { source: 'fork' } }],
  ];

  it.each(cases)('%s: the same checkpoints as the real saver', async (_label, config, options) => {
    if (options?.before) {
      const all = await ids(real, config);
      options.before = { configurable: { checkpoint_id: all[1]!.split('|')[1]! } };
    }
    const theirs = await ids(real, config, options);
    expect(await ids(source.saver(), config, options)).toEqual(theirs);
  });

  it('every thread when thread_id is absent', async () => {
    const all = await ids(source.saver(), { configurable: {} });
    const threads = await source.listThreads();
    expect(all).toHaveLength(threads.reduce((n, t) => n + t.checkpointCount, 0));
  });

  it('getTuple: the newest of a namespace, a given id, or undefined', async () => {
    const saver = source.saver();
    const newest = await saver.getTuple({ configurable: { thread_id: 'chat' } });
    const theirs = await real.getTuple({ configurable: { thread_id: 'chat' } });
    expect(newest?.config).toEqual(theirs?.config);
    const parentId = newest!.parentConfig!.configurable!.checkpoint_id!;
    expect((await saver.getTuple({ configurable: { thread_id: 'chat', checkpoint_id: parentId } }))?.checkpoint.id).toBe(parentId);
    expect(await saver.getTuple({ configurable: { thread_id: 'nope' } })).toBeUndefined();
    expect(await saver.getTuple({ configurable: { thread_id: 'chat', checkpoint_id: 'nope' } })).toBeUndefined();
    expect(saver.getNextVersion(3)).toBe(4);
  });

  it('each read returns a copy: changing it changes nothing for the next reader', async () => {
    const a = await source.getCheckpoint('chat', '');
    (a!.tuple.checkpoint.channel_values.messages as unknown[]).length = 0;
    const b = await source.getCheckpoint('chat', '');
    expect(b!.tuple.checkpoint.channel_values.messages).toHaveLength(5);
  });
});
