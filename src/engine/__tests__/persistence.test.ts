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

/** A saver whose `put` of a `loop` checkpoint fails from the second one on (a full disk, say). */
class FailingSaver extends MemorySaver {
  private loops = 0;
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions) {
    if (metadata.source === 'loop' && ++this.loops >= 2) throw new Error('disk full');
    return super.put(config, checkpoint, metadata, newVersions);
  }
}

describe('a failed put', () => {
  it('async: stops the run at the next step with the saver\'s error, not after every remaining step', async () => {
    let runs = 0;
    const graph = new StateGraph(ListState)
      .addNode('again', () => (runs++, { value: ['x'] }))
      .addEdge(START, 'again')
      .addConditionalEdges('again', (s: { value: string[] }) => (s.value.length < 200 ? 'again' : '__end__'))
      .compile({ checkpointer: new FailingSaver() });
    await expect(graph.invoke({ value: [] }, { configurable: { thread_id: 'f' }, durability: 'async', recursionLimit: 500 })).rejects.toThrow('disk full');
    // The failure is seen a step or two after it happened; without the check the loop ran all 200.
    expect(runs).toBeGreaterThan(0);
    expect(runs).toBeLessThan(10);
  });
});
