/**
 * A Command given as graph input, as NULL-task writes (LangGraph.js `mapCommand`).
 */
import type { PendingWrite } from '../checkpoint/types';
import { BRANCH_PREFIX, NULL_TASK_ID, RESUME, START, TASKS } from '../constants';
import { InvalidUpdateError } from '../errors';
import { Command, isSend } from '../types';
import { isInterruptId } from './ids';

export function* mapCommand(cmd: Command, pending: readonly PendingWrite[]): Generator<PendingWrite> {
  if (cmd.graph === Command.PARENT) throw new InvalidUpdateError('There is no parent graph.');
  for (const g of cmd.goto) {
    if (isSend(g)) yield [NULL_TASK_ID, TASKS, g];
    else if (typeof g === 'string') yield [NULL_TASK_ID, `${BRANCH_PREFIX}${g}`, START];
    else throw new Error(`In Command.send, expected Send or string, got ${typeof g}`);
  }
  const resume = cmd.resume as unknown;
  if (resume != null) {
    const keys = typeof resume === 'object' ? Object.keys(resume as object) : [];
    if (keys.length > 0 && keys.every(isInterruptId)) {
      // A resume map: LangGraph.js records each answer under the interrupt id.
      for (const [id, v] of Object.entries(resume as Record<string, unknown>)) {
        const existing = pending.filter((w) => w[0] === id && w[1] === RESUME).map((w) => w[2]).slice(0, 1);
        existing.push(v);
        yield [id, RESUME, existing];
      }
    } else yield [NULL_TASK_ID, RESUME, resume];
  }
  const update = cmd.update as unknown;
  if (update) {
    if (typeof update !== 'object') throw new Error('Expected cmd.update to be a dict mapping channel names to update values');
    for (const [k, v] of Array.isArray(update) ? (update as [string, unknown][]) : Object.entries(update)) yield [NULL_TASK_ID, k, v];
  }
}
