/**
 * The saver configs of a graph's checkpoints: the run's own `configurable` keys (thread id,
 * custom keys), the graph's namespace and the checkpoint id. Remembers the last two (a step's own
 * checkpoint and its parent), which is all a loop asks for, so a step builds no config objects.
 */
import type { RunnableConfig } from '../checkpoint/types';
import { merge } from './objects';

export class ConfigMemo {
  private own: Record<string, unknown> | undefined;
  private readonly memo: { id: string | undefined; config: RunnableConfig }[] = [];

  /** @param base the config the run's first checkpoint was loaded with (its checkpoint_id is dropped) */
  constructor(private readonly base: RunnableConfig, private readonly ns: string) {}

  /** The saver config of checkpoint `checkpointId` (none: the thread's latest). */
  configFor(checkpointId: string | undefined): RunnableConfig {
    const memo = this.memo;
    for (const m of memo) if (m.id === checkpointId) return m.config;
    if (!this.own) {
      const { checkpoint_id: _id, ...rest } = this.base.configurable ?? {};
      this.own = merge<Record<string, unknown>>(rest, { checkpoint_ns: this.ns });
    }
    // merge, not `{ ...own, checkpoint_id }`: adding a key to a spread copy is slow in V8 (./objects).
    const configurable: Record<string, unknown> = merge(this.own);
    if (checkpointId) configurable.checkpoint_id = checkpointId;
    const config = { configurable };
    if (memo.length === 2) memo.shift();
    memo.push({ id: checkpointId, config });
    return config;
  }
}
