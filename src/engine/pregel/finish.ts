/**
 * The end of a run (LangGraph.js `finishAndHandleError`): under `exit` durability the one
 * checkpoint of the run and its pending writes are saved here, at the end, at an interrupt or at
 * an error; a root interrupt then applies the step's successful writes in memory for the output.
 */
import { INTERRUPT } from '../constants';
import { isGraphInterrupt } from '../errors';
import { applyWrites } from './algo';
import { outputValues } from './io';
import type { PregelLoop } from './loop';
import { flushPendingWrites } from './writes';

/**
 * Saves what `exit` durability held back. A subgraph saves on success only when it keeps its own
 * history (`checkpointer: true`, a namespace without task ids): else its parent's writes hold
 * its result. On an error or an interrupt it always saves, so a resume can enter it again.
 */
export async function saveAtExit(loop: PregelLoop, failed: boolean): Promise<void> {
  if (loop.p.durability !== 'exit') return;
  const nested = loop.p.nested !== undefined;
  if (nested && !failed && loop.ns.split('|').some((part) => part.includes(':'))) return;
  loop.putCheckpoint('exit');
  await flushPendingWrites(loop);
}

/** Root interrupt handling at exit: apply the step's successful writes in memory, emit the output. */
export function finishInterrupted(loop: PregelLoop, e: unknown): void {
  if (!isGraphInterrupt(e)) return;
  const tasks = loop.tasks;
  if (tasks.length > 0 && loop.pending.length > 0 && tasks.some((t) => t.writes.length > 0)) {
    const r = applyWrites(loop.checkpoint, loop.channels, tasks, loop.getNextVersion, loop.p.triggerToNodes);
    loop.adoptOutput(r.checkpoint, r.channels);
    const values = outputValues(loop.p.outputKeys, tasks.flatMap((t) => t.writes), loop.channels);
    if (values) loop.emit('values', values.value);
  }
  if (e.interrupts.length === 0) {
    loop.emit('updates', { [INTERRUPT]: [] });
    loop.emit('values', { [INTERRUPT]: [] });
  }
}
