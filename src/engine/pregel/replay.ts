/**
 * First-visit replay for subgraphs. When the root graph time-travels, every subgraph it runs loads,
 * on its first visit in that run, its latest checkpoint from strictly before the replay point (a
 * stateless subgraph finds none and starts afresh); later visits (loops) load their latest.
 */
import type { BaseCheckpointSaver, CheckpointTuple, RunnableConfig } from '../checkpoint/types';

/** What a subgraph loaded when a time-travelling run entered it. */
export interface ReplayVisit {
  tuple: CheckpointTuple | undefined;
  /** True the first time this subgraph (its namespace without the task id) is entered in the run. */
  firstVisit: boolean;
  stableNs: string;
}

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

  /**
   * Loads the checkpoint a subgraph at `ns` starts from, and says which rule chose it: on the first
   * visit, the latest one strictly before the replay point; on later visits, the latest one.
   */
  async getCheckpoint(ns: string, saver: BaseCheckpointSaver, config: RunnableConfig): Promise<ReplayVisit> {
    const stableNs = ns.includes(':') ? ns.slice(0, ns.lastIndexOf(':')) : ns;
    if (this.firstVisit(ns)) {
      for await (const t of saver.list(config, { before: { configurable: { checkpoint_id: this.checkpointId } }, limit: 1 })) {
        return { tuple: t, firstVisit: true, stableNs };
      }
      return { tuple: undefined, firstVisit: true, stableNs };
    }
    return { tuple: await saver.getTuple(config), firstVisit: false, stableNs };
  }
}
