/**
 * `interrupt(value)`: pauses the graph inside a node until the caller resumes with
 * `Command({ resume })`. The node re-runs from its start on resume; interrupts it already passed
 * return their recorded answers in order.
 */
import { RESUME } from '../constants';
import { GraphInterrupt, GraphValueError } from '../errors';
import { currentTask } from './context';
import { interruptId } from './ids';

/** Pauses for an answer; `R` (the answer's type) defaults to `any`, as in LangGraph.js, so `const a = interrupt(q)` reads as the caller's. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as LangGraph.js declares it (see above)
export function interrupt<I = unknown, R = any>(value: I): R {
  const ctx = currentTask();
  if (!ctx) throw new Error('Called interrupt() outside the context of a graph.');
  if (!ctx.hasCheckpointer) throw new GraphValueError('No checkpointer set', { lc_error_code: 'MISSING_CHECKPOINTER' });
  const sp = ctx.scratchpad;
  sp.interruptCounter += 1;
  const idx = sp.interruptCounter;
  if (idx < sp.resume.length) {
    ctx.send([[RESUME, sp.resume.slice(0, idx + 1)]]);
    return sp.resume[idx] as R;
  }
  if (sp.hasNullResume) {
    if (sp.resume.length !== idx) throw new Error(`Resume length mismatch: ${sp.resume.length} !== ${idx}`);
    const v = sp.nullResume;
    sp.hasNullResume = false;
    sp.nullResume = undefined;
    sp.consumeNullResume?.();
    sp.resume.push(v);
    ctx.send([[RESUME, sp.resume.slice()]]);
    return v as R;
  }
  throw new GraphInterrupt([{ id: interruptId(ctx.taskNs, sp.resume.length), value }]);
}
