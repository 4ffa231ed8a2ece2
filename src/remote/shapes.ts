/**
 * The shape of every server answer the app uses, checked (zod) before the mapping reads it: a
 * server that answers a list request with an object, or a state without its checkpoint, gets a
 * REMOTE_BAD_RESPONSE in people's words ("the answer to POST /assistants/search is not a list (it
 * is an object)") instead of a crash deep in the mapping. The schemas check what the mapping
 * relies on and let everything else through (`looseObject`): a newer server may add fields.
 */
import { z } from 'zod';
import { BadResponseError } from './errors';

const id = z.string().min(1);
export const SHAPES = {
  info: z.looseObject({ version: z.string() }),
  assistant: z.looseObject({ assistant_id: id }),
  thread: z.looseObject({ thread_id: id }),
  /** A `ThreadState` (history items, state reads): what a checkpoint needs to be placed. */
  state: z.looseObject({
    checkpoint: z.looseObject({ checkpoint_id: z.string().nullish(), thread_id: z.string().nullish(), checkpoint_ns: z.string().nullish() }).nullish(),
    next: z.array(z.unknown()).nullish(),
    tasks: z.array(z.unknown()).nullish(),
  }),
  run: z.looseObject({ run_id: id, thread_id: id, status: z.string() }),
  graph: z.looseObject({ nodes: z.array(z.unknown()), edges: z.array(z.unknown()) }),
  /** The answer to a state update: the new checkpoint's config (LangGraph.js servers) or `checkpoint`. */
  updated: z.looseObject({ checkpoint: z.record(z.string(), z.unknown()).nullish(), configurable: z.record(z.string(), z.unknown()).nullish() }),
} as const;

/**
 * `answer` if it has the shape, else a BadResponseError naming the endpoint and what is wrong
 * (becomes REMOTE_BAD_RESPONSE). `endpoint` is how people read it: `POST /assistants/search`.
 */
export function checked<S extends z.ZodType>(shape: S, answer: unknown, endpoint: string): z.output<S> {
  const result = shape.safeParse(answer);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new BadResponseError(`the answer to ${endpoint} ${problem(issue, answer)}`);
}

/** Each checked answer of a list: `checkedList(SHAPES.state, raw, …)` checks the list and each item. */
export function checkedList<S extends z.ZodType>(item: S, answer: unknown, endpoint: string): z.output<S>[] {
  return checked(z.array(item), answer, endpoint);
}

function problem(issue: z.core.$ZodIssue | undefined, answer: unknown): string {
  if (!issue) return 'is not what a LangGraph server sends';
  const found = at(answer, issue.path);
  const where = issue.path.length === 0 ? '' : ` ${describePath(issue.path)}`;
  if (issue.code === 'invalid_type') {
    const wanted = WORDS[issue.expected] ?? issue.expected;
    if (found === undefined && issue.path.length > 0) return `has no${where} (expected ${wanted})`;
    return issue.path.length === 0 ? `is not ${wanted} (it is ${kind(found)})` : `has${where} that is not ${wanted} (it is ${kind(found)})`;
  }
  if (issue.code === 'too_small') return `has${where} that is empty`;
  return `has${where} that is not valid (${issue.message})`;
}

const WORDS: Record<string, string> = { array: 'a list', object: 'an object', string: 'a text', number: 'a number', boolean: 'true or false' };

/** `checkpoint.checkpoint_id`, or `item 2's assistant_id` inside a list. */
function describePath(path: readonly PropertyKey[]): string {
  const dotted = (ps: readonly PropertyKey[]) => ps.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
  const [first, ...rest] = path;
  if (typeof first !== 'number') return dotted(path);
  return rest.length === 0 ? `item ${first + 1}` : `item ${first + 1}'s ${dotted(rest)}`;
}

function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = value;
  for (const p of path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return v;
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (value === undefined) return 'empty';
  return `${typeof value === 'number' ? 'the number' : 'the value'} ${String(value)}`;
}
