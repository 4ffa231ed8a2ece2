/**
 * A run an imported file records as `running` (exported mid-run, or written by hand): nothing here
 * runs it, so once imported it reads as ended, how unknown (`outcome: 'unknown'` with
 * RUN_ENDED_UNKNOWN), never "running" forever on an idle thread. The file's other runs and its
 * checkpoints are stored exactly as the file has them. On the memory and IndexedDB stores.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MemorySaver } from '../../src/engine/checkpoint/memory';
import type { RunSummary } from '../../src/protocol/dto';
import { createIdbStore } from '../../src/worker/idb-store';
import { createMemoryStore } from '../../src/worker/memory-store';
import { exportForHost, importForHost } from '../../src/worker/portability';
import { runsFromRecords, type ThreadStore } from '../../src/worker/store';
import { snapshotSaver, writeFixtureThread } from './fixtures';

let n = 0;
const STORES: [string, () => ThreadStore][] = [
  ['memory store', () => createMemoryStore(new MemorySaver())],
  ['IndexedDB store', () => createIdbStore(`stale-running-${n++}`, 1)],
];

const run = (runId: string, outcome: RunSummary['outcome']): RunSummary => ({
  runId, threadId: 't1', kind: 'run', fromCheckpointId: null, startedAt: '2026-01-01T00:00:00.000Z', endedAt: outcome === 'running' ? null : '2026-01-01T00:00:05.000Z', outcome, error: null,
});

describe.each(STORES)('an imported run recorded as running (%s)', (_name, newStore) => {
  it('reads as ended, how unknown, with the reason; the rest of the file as it was', async () => {
    const source = newStore();
    await writeFixtureThread(source.saver, 't1');
    await source.appendTrace('t1', [
      { runId: 'done-run', seq: 0, kind: 'run', run: run('done-run', 'done') },
      { runId: 'live-run', seq: 0, kind: 'run', run: run('live-run', 'running') },
    ]);
    const file = await exportForHost(source, 't1', { graphId: 'chain' });
    if (!file.ok) throw new Error(file.error.message);
    expect(JSON.parse(file.text).runs.map((r: RunSummary) => r.outcome)).toEqual(['done', 'running']);

    const target = newStore();
    const r = await importForHost(target, file.text);
    expect(r).toMatchObject({ ok: true });
    const runs = runsFromRecords(await target.readTrace('t1'));
    expect(runs.find((x) => x.runId === 'done-run')).toEqual(run('done-run', 'done'));
    expect(runs.find((x) => x.runId === 'live-run')).toMatchObject({
      outcome: 'unknown', endedAt: null,
      error: { code: 'RUN_ENDED_UNKNOWN', message: expect.stringContaining('still going on when its file was written') },
    });
    expect(runs.some((x) => x.outcome === 'running')).toBe(false);
    expect(await snapshotSaver(target.saver, ['t1'])).toEqual(await snapshotSaver(source.saver, ['t1']));
    // The thread is idle.
    expect((await target.listThreads()).find((t) => t.threadId === 't1')?.running).toBeFalsy();

    // Exported again, the run stays ended-unknown and imports again.
    const again = await exportForHost(target, 't1', { graphId: 'chain' });
    if (!again.ok) throw new Error(again.error.message);
    const third = newStore();
    expect(await importForHost(third, again.text)).toMatchObject({ ok: true });
    expect(runsFromRecords(await third.readTrace('t1')).find((x) => x.runId === 'live-run')?.outcome).toBe('unknown');
  });
});
