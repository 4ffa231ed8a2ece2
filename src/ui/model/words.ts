/**
 * Human words for the engine's internal names, with the raw name kept for a tooltip: write counts,
 * task paths, the null task id of input writes, and reserved channels. The UI reaches the engine
 * only through the protocol, so the few names it needs are spelled here.
 */

import type { RunKind } from '../../protocol/dto';

/**
 * How a run began, in LangGraph's words, for the runs panel and the fork tree alike: a replay
 * re-runs from a checkpoint without changes; a fork runs from a checkpoint after `updateState`.
 */
export const RUN_KIND_WORDS: Readonly<Record<RunKind, { word: string; meaning: string }>> = {
  run: { word: 'run', meaning: 'a run from new input' },
  resume: { word: 'resume', meaning: 'a run that answered an interrupt' },
  continue: { word: 'continue', meaning: 'a run that went on from where the last one stopped' },
  replay: { word: 'replay', meaning: 'replay: re-ran from a checkpoint without changes' },
  fork: { word: 'fork', meaning: 'fork: ran from a checkpoint after updateState changed it' },
};

/** The task id LangGraph gives writes that no task made (input and `updateState` writes). */
export const NULL_TASK_ID = '00000000-0000-0000-0000-000000000000';

/** One formatter for every count on screen: `toLocaleString` builds a new one per call, a cost each timeline row paid twice. */
const COUNT = new Intl.NumberFormat('en-US');

/** A count with thousands separators ("12,345"). */
export const countText = (n: number): string => COUNT.format(n);

/** "1 write", "3 writes". */
export const writesText = (n: number): string => (n === 1 ? '1 write' : `${countText(n)} writes`);

/**
 * Who saved a write: the task's node, "no task (input)" for the null task id, the answer to an
 * interrupt for a write saved under that interrupt's id (a resume by id; `interruptOf` names the
 * node that asked), else the task id cut short.
 */
export function taskText(taskId: string, taskName: string | null, interruptOf: string | null = null): string {
  if (taskId === NULL_TASK_ID) return 'no task (input)';
  if (taskName === null && interruptOf !== null) return `answer to ${interruptOf}'s interrupt`;
  return taskName ?? (taskId.length > 12 ? `task ${taskId.slice(0, 8)}…` : `task ${taskId}`);
}

/**
 * What a task path says, in words: a pull task is its node (`__pregel_pull, draft` → "draft"), a
 * push task the Send packet that made it (`__pregel_push, 2, false` → "Send #2"), or a call of a task
 * function (functional API). The raw path stays available as `raw`.
 */
export function taskPathText(task: { name: string; kind: 'pull' | 'push'; path: string }): { text: string; raw: string } {
  const raw = `(${task.kind}, ${task.path})`;
  const parts = task.path.split(', ');
  if (parts[0] === '__pregel_pull') return { text: parts[1] ?? task.name, raw };
  if (parts[0] === '__pregel_push') {
    // `__pregel_push, <index>[, <last>]`: the index-th Send packet of the step.
    if (/^\d+$/.test(parts[1] ?? '')) return { text: `Send #${parts[1]}`, raw };
    return { text: `call of ${task.name}`, raw };
  }
  return { text: task.path, raw };
}

const CHANNELS: Record<string, string> = {
  __interrupt__: 'interrupt',
  __resume__: 'resume value',
  __error__: 'error',
  __error_source_node__: 'failed node',
  __no_writes__: 'no writes',
  __return__: 'return value',
  __pregel_tasks: 'Send packets',
  __input__: 'input',
  __start__: 'start',
  __copy__: 'copy',
};

/** Words for a reserved channel (`branch:to:x` → "route to x"), or null for a channel of the graph's own state. */
export function channelWords(channel: string): string | null {
  if (Object.hasOwn(CHANNELS, channel)) return CHANNELS[channel]!;
  if (channel.startsWith('branch:to:')) return `route to ${channel.slice('branch:to:'.length)}`;
  return null;
}
