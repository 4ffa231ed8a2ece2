import { describe, expect, it } from 'vitest';
import { MemorySaver } from '../checkpoint/memory';
import type { Checkpoint, CheckpointMetadata, ChannelVersions, RunnableConfig } from '../checkpoint/types';
import { START } from '../constants';
import { StateGraph } from '../graph/state_graph';
import { ListState } from './helpers';

/** A saver whose first `loop` checkpoint waits until `release()`. */
class GatedSaver extends MemorySaver {
  started!: Promise<void>;
  private markStarted!: () => void;
  private gate!: Promise<void>;
  release!: () => void;
  constructor() {
    super();
    this.started = new Promise((r) => (this.markStarted = r));
    this.gate = new Promise((r) => (this.release = r));
  }
  private gated = false;
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions) {
    if (!this.gated && metadata.source === 'loop') {
      this.gated = true;
      this.markStarted();
      await this.gate;
    }
    return super.put(config, checkpoint, metadata, newVersions);
  }
}

function chain(saver: MemorySaver, onSecond: () => void) {
  return new StateGraph(ListState)
    .addNode('first', () => ({ value: ['first'] }))
    .addNode('second', () => (onSecond(), { value: ['second'] }))
    .addEdge(START, 'first')
    .addEdge('first', 'second')
    .compile({ checkpointer: saver });
}

describe('persistence and durability', () => {
  it('sync: the next step waits until the step is stored', async () => {
    const saver = new GatedSaver();
    let second = false;
    const run = chain(saver, () => (second = true)).invoke({ value: [] }, { configurable: { thread_id: 's' }, durability: 'sync' });
    await saver.started;
    await new Promise((r) => setTimeout(r, 5));
    expect(second).toBe(false);
    saver.release();
    expect((await run).value).toEqual(['first', 'second']);
  });

  it('async: the next step runs while the step is being stored, and the run ends after it is', async () => {
    const saver = new GatedSaver();
    let second!: () => void;
    const secondStarted = new Promise<void>((r) => (second = r));
    const run = chain(saver, () => second()).invoke({ value: [] }, { configurable: { thread_id: 'a' }, durability: 'async' });
    await saver.started;
    await secondStarted;
    let done = false;
    void run.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 5));
    expect(done).toBe(false);
    saver.release();
    expect((await run).value).toEqual(['first', 'second']);
    expect((await saver.getTuple({ configurable: { thread_id: 'a' } }))?.metadata?.step).toBe(2);
  });

  it('a saver that fails fails the run (it does not hang)', async () => {
    class Failing extends MemorySaver {
      override async put(): Promise<RunnableConfig> {
        throw new Error('disk full');
      }
    }
    await expect(chain(new Failing(), () => {}).invoke({ value: [] }, { configurable: { thread_id: 'f' } })).rejects.toThrow('disk full');
  });
});
