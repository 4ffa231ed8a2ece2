/**
 * Turns what an implementation returns (snapshots, stream chunks, saved writes, thrown errors) into
 * plain JSON whose ids are labels, so that two implementations can be compared with deep equality.
 *
 * Shapes recognised (our engine must expose the same ones):
 * - an error is reduced to `{ name, message }`;
 * - a Send (a `Send` instance, `{ lg_name: 'Send', node, args }`, or any value saved on the
 *   `__pregel_tasks` channel) to `{ Send: node, args }`;
 * - a Command instance to `{ Command: { update, goto, resume } }`;
 * - interrupts (items of `__interrupt__` / `interrupts`) to `{ value, id: <label> }`;
 * - a LangChain message (an instance, or the `{ lc: 1, type: 'constructor', id, kwargs }` record a
 *   saver holds) to `{ Message: <class>, ...kwargs }`, UUIDs in its id (and in `run-<uuid>` ids)
 *   replaced by labels `msg#n`.
 */
import { Labeler, labelNamespace, NULL_TASK_ID } from './labels';

/** The labelers of one scenario run. */
export interface Labels {
  checkpoints: Labeler;
  tasks: Labeler;
  interrupts: Labeler;
  messages: Labeler;
}

/** Fresh labelers. */
export function newLabels(): Labels {
  return { checkpoints: new Labeler(), tasks: new Labeler(), interrupts: new Labeler(), messages: new Labeler() };
}

/** `{ name, message }` of anything thrown or stored as an error. */
export function normError(err: unknown): { name: string; message: string } | undefined {
  if (err == null) return undefined;
  if (typeof err !== 'object') return { name: typeof err, message: String(err) };
  const e = err as { name?: unknown; message?: unknown };
  return { name: String(e.name ?? 'Error'), message: String(e.message ?? '') };
}

function isSend(v: Record<string, unknown>): boolean {
  return v.constructor?.name === 'Send' || (v.lg_name === 'Send' && 'node' in v);
}

function isCommand(v: Record<string, unknown>): boolean {
  return v.constructor?.name === 'Command' || v.lg_name === 'Command';
}

/** One interrupt as `{ value, id }` with the id labelled. */
export function normInterrupt(intr: unknown, labels: Labels): unknown {
  if (intr == null || typeof intr !== 'object') return plain(intr, labels);
  const i = intr as { value?: unknown; id?: unknown };
  const out: Record<string, unknown> = { value: plain(i.value, labels) };
  if (typeof i.id === 'string') out.id = labels.interrupts.label(i.id, 'intr');
  return out;
}

/** A list (or single) of interrupts, normalised. */
export function normInterrupts(v: unknown, labels: Labels): unknown[] {
  const list = Array.isArray(v) ? v : v == null ? [] : [v];
  return list.map((i) => normInterrupt(i, labels));
}

const UUID_IN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A message id with its UUIDs labelled (`run-<uuid>-out-0` → `run-msg#0-out-0`). */
export function messageId(id: unknown, labels: Labels): unknown {
  return typeof id === 'string' ? id.replace(UUID_IN, (u) => labels.messages.label(u, 'msg')) : id;
}

/**
 * True while normalising what a saver holds (pending writes), where a message may legitimately be
 * its serialised record; anywhere else (results, states, chunks) the engine must hand out message
 * instances, and a bare record is reported as `SerializedMessage` so that the difference shows.
 */
let inSavedForm = false;

function savedForm<T>(f: () => T): T {
  const before = inSavedForm;
  inSavedForm = true;
  try {
    return f();
  } finally {
    inSavedForm = before;
  }
}

/** A message's class and constructor fields: from its own `toJSON()`, or from a serialised record. */
function messageRecord(o: Record<string, unknown>): { cls: string; kwargs: Record<string, unknown>; instance: boolean } | undefined {
  const instance = typeof o.toJSON === 'function' && Array.isArray(o.lc_namespace) && typeof o._getType === 'function';
  const rec = instance ? (o.toJSON as () => Record<string, unknown>)() : o;
  if (rec.lc !== 1 || rec.type !== 'constructor' || !Array.isArray(rec.id)) return undefined;
  const cls = String(rec.id[rec.id.length - 1]);
  if (!/Message(Chunk)?$/.test(cls)) return undefined;
  return { cls, kwargs: (rec.kwargs ?? {}) as Record<string, unknown>, instance };
}

/**
 * Deep plain-JSON copy: drops `undefined` properties, reduces errors, Sends, Commands and
 * messages, and normalises interrupts found under an `__interrupt__` key.
 */
export function plain(v: unknown, labels: Labels): unknown {
  if (v === undefined || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => plain(x, labels));
  if (v instanceof Error) return normError(v);
  const o = v as Record<string, unknown>;
  const message = messageRecord(o);
  if (message) {
    const out = plain(message.kwargs, labels) as Record<string, unknown>;
    if ('id' in out) out.id = messageId(out.id, labels);
    return message.instance || inSavedForm ? { Message: message.cls, ...out } : { SerializedMessage: message.cls, ...out };
  }
  if (isSend(o)) return { Send: o.node, args: plain(o.args, labels) };
  if (isCommand(o)) {
    return { Command: plain({ update: o.update, goto: o.goto, resume: o.resume, graph: o.graph }, labels) };
  }
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(o)) {
    if (x === undefined) continue;
    out[k] = k === '__interrupt__' ? normInterrupts(x, labels) : plain(x, labels);
  }
  return out;
}

/**
 * A `messages` stream chunk `[message, metadata]`: the message normalised, the metadata's
 * checkpoint namespaces labelled (the rest, `langgraph_*`, `ls_*`, tags, name, is compared as is).
 */
export function normMessagesChunk(chunk: unknown, labels: Labels): unknown {
  if (!Array.isArray(chunk) || chunk.length !== 2) return plain(chunk, labels);
  const meta = { ...(chunk[1] as Record<string, unknown>) };
  for (const k of ['langgraph_checkpoint_ns', 'checkpoint_ns']) if (typeof meta[k] === 'string') meta[k] = labelNamespace(meta[k] as string, labels.tasks);
  return [plain(chunk[0], labels), plain(meta, labels)];
}

/** A task id as a label `<name>#n`; the NULL task is `NULL`. */
export function taskLabel(id: string, name: string | undefined, labels: Labels): string {
  if (id === NULL_TASK_ID) return 'NULL';
  return labels.tasks.peek(id) ?? labels.tasks.label(id, name ?? 'task');
}

/** A checkpoint address as `ns@label` (or just the label at the root). */
export function cpLabel(config: unknown, labels: Labels): string | undefined {
  const c = (config as { configurable?: Record<string, unknown> } | undefined)?.configurable;
  const id = c?.checkpoint_id;
  if (typeof id !== 'string') return undefined;
  const ns = typeof c?.checkpoint_ns === 'string' ? labelNamespace(c.checkpoint_ns, labels.tasks) : '';
  const label = labels.checkpoints.label(id, 'cp');
  return ns === '' ? label : `${ns}@${label}`;
}

/**
 * The value of a saved write, by channel (errors, interrupts and resumes have their own shapes).
 * An `__error__` write saved as plain data is compared exactly (LangGraph.js saves
 * `{ message, name }`, nothing more); an Error instance a saver rebuilt is reduced to name and
 * message.
 */
export function normWriteValue(channel: string, value: unknown, labels: Labels): unknown {
  if (channel === '__error__') return value instanceof Error ? normError(value) : plain(value, labels);
  return savedForm(() => {
    if (channel === '__interrupt__') return normInterrupts(value, labels);
    if (channel === '__pregel_tasks') return normSend(value, labels);
    return plain(value, labels);
  });
}

/**
 * A Send as saved by a checkpointer: savers may hand it back as a plain `{ node, args }` (no
 * class), so on the Send channel the shape alone decides.
 */
export function normSend(value: unknown, labels: Labels): unknown {
  if (value == null || typeof value !== 'object') return plain(value, labels);
  const v = value as { node?: unknown; args?: unknown };
  return { Send: v.node, args: plain(v.args, labels) };
}

/** `metadata.parents` with namespaces and checkpoint ids labelled. */
export function normParents(parents: unknown, labels: Labels): Record<string, string> | undefined {
  if (parents == null || typeof parents !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [ns, id] of Object.entries(parents as Record<string, unknown>)) {
    out[labelNamespace(ns, labels.tasks)] = typeof id === 'string' ? labels.checkpoints.label(id, 'cp') : String(id);
  }
  return out;
}
