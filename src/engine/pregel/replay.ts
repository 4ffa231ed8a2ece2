/**
 * First-visit replay for subgraphs. When the root graph time-travels, every subgraph it runs loads,
 * on its first visit in that run, its latest checkpoint from strictly before the replay point (a
 * stateless subgraph finds none and starts afresh); later visits (loops) load their latest.
 */
import type { BaseCheckpointSaver, CheckpointTuple, RunnableConfig } from '../checkpoint/types';

export class ReplayState {
  private readonly visited = new Set<string>();
  constructor(readonly checkpointId: string) {}

  /** `"sub:<task id>"` → `"sub"`: the same subgraph node in another step is the same place. */
  private firstVisit(ns: string): boolean {
    const stable = ns.includes(':') ? ns.slice(0, ns.lastIndexOf(':')) : ns;
    if (this.visited.has(stable)) return false;
    this.visited.add(stable);
    return true;
  }

  async getCheckpoint(ns: string, saver: BaseCheckpointSaver, config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    if (this.firstVisit(ns)) {
      for await (const t of saver.list(config, { before: { configurable: { checkpoint_id: this.checkpointId } }, limit: 1 })) return t;
      return undefined;
    }
    return saver.getTuple(config);
  }
}
