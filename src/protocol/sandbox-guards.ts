/**
 * Validation of everything a sandbox worker sends to the storage worker. Graph code runs in the
 * sandbox, so any of these messages may be forged: each check returns null when the message is
 * well formed, else why not. Values are checked for shape and size here; whether a checkpoint
 * value can be stored is checked by the session (storable.ts), and whether a call stays on the
 * session's thread by its binding.
 */
import { isTraceEvent } from '../shared/trace';
import type { ErrorCode } from '../shared/errors';
import {
  bool, fields, id, int, isObject, json, list, nullable, oneOf, optional, record, shape, text, type Check,
} from './check';
import { JSON_LIMITS, TRACE_EVENT_LIMITS, VALUE_LIMITS, WIRE_LIMITS } from './limits';
import type { SandboxReplyOf } from './sandbox';
import { storeOpsProblem } from './store';

const L = WIRE_LIMITS;
const name = text(L.maxIdLength);
const nodeName = text(L.maxIdLength);
const step = int(-1, Number.MAX_SAFE_INTEGER);
const version = int(0, Number.MAX_SAFE_INTEGER);

/** Error codes a sandbox may put on an error it reports (never storage or protocol codes). */
export const SANDBOX_ERROR_CODES = ['RUN_FAILED', 'INTERNAL', 'COMPILE_FAILED', 'NOT_FOUND', 'BAD_REQUEST', 'SANDBOX_NO_NETWORK'] as const satisfies readonly ErrorCode[];

const position = shape({ line: int(0, 10_000_000), column: int(0, 10_000_000) });
/** An error as data, from the sandbox. */
export const wireError: Check = shape({
  code: oneOf(...SANDBOX_ERROR_CODES),
  name: text(L.maxLabelLength),
  message: text(L.maxMessageLength),
  stack: optional(text(L.maxMessageLength)),
  position: optional(position),
});

const userCodeError = shape({
  kind: oneOf('syntax', 'runtime', 'shape', 'import'),
  message: text(L.maxMessageLength),
  line: nullable(int(0, 10_000_000)),
  column: nullable(int(0, 10_000_000)),
});

const shapeCheck = (depth: number): Check => {
  const node = shape({
    id: name,
    kind: oneOf('start', 'end', 'node', 'subgraph'),
    badges: optional(list(text(L.maxLabelLength), 16)),
    interruptBefore: optional(oneOf(true)),
    interruptAfter: optional(oneOf(true)),
    subgraph: depth > 0 ? optional((v) => shapeCheck(depth - 1)(v)) : (v) => (v === undefined ? null : 'absent (subgraphs nest at most 5 levels)'),
  });
  const edge = shape({ source: name, target: name, conditional: bool, label: optional(text(L.maxLabelLength)) });
  const channel = shape({ name, kind: oneOf('last-value', 'reducer', 'topic', 'ephemeral', 'other') });
  return shape({ nodes: list(node, 10_000), edges: list(edge, 100_000), channels: optional(list(channel, 10_000)) });
};

/** A graph as the sandbox describes it. */
export const graphInfo: Check = shape({
  id: id(),
  title: text(L.maxLabelLength),
  description: text(L.maxMessageLength),
  origin: oneOf('builtin', 'user'),
  shape: shapeCheck(5),
  exampleInput: json(JSON_LIMITS),
  source: optional(text(L.maxSourceLength)),
});

const interrupt = shape({ id: id(), value: json(JSON_LIMITS) });
const wireTask = shape({
  id: id(), name: nodeName, path: text(L.maxMessageLength), kind: oneOf('pull', 'push'), error: nullable(wireError),
  interrupts: list(interrupt, 10_000), subgraphNs: optional(text(L.maxIdLength)),
});
const snapshot = shape({
  values: nullable(record(text(VALUE_LIMITS.maxStringLength), (v) => json(VALUE_LIMITS)(v), VALUE_LIMITS.maxObjectKeys)),
  next: list(nodeName, 10_000),
  tasks: list(wireTask, 100_000),
});

/** The shape of each reply's value. */
const REPLIES: { [K in keyof SandboxReplyOf]: Check } = {
  'sb/catalog': shape({ graphs: list(graphInfo, 1_000) }),
  'sb/load': (v) => {
    if (!isObject(v)) return 'an object';
    return v.info === null ? fields(v, { compileError: userCodeError }) : fields(v, { info: graphInfo, compileError: oneOf(null) });
  },
  'sb/run': shape({ started: oneOf(true) }),
  'sb/history': shape({ next: list((e) => (Array.isArray(e) && e.length === 2 ? id()(e[0]) ?? list(nodeName, 10_000)(e[1]) : '[checkpointId, next]'), 100_000) }),
  'sb/state': shape({ snapshots: list(nullable(snapshot), 16) }),
  'sb/program': shape({ error: nullable(userCodeError) }),
};

const consoleLine = shape({ level: oneOf('log', 'info', 'warn', 'error', 'debug'), text: text(L.maxMessageLength), line: nullable(int(0, 10_000_000)) });

/** Why a message on a sandbox worker's main port is malformed, or null. */
export function sandboxMessageProblem(msg: unknown): string | null {
  if (!isObject(msg)) return 'the message must be an object';
  if (msg.type === 'sb/ready') return fields(msg, { version: int(0, 1_000_000) });
  if (msg.type === 'sb/console') return fields(msg, { lines: list(consoleLine, 1_000) });
  if (msg.type === 'sb/thread.open') {
    return fields(msg, { rid: int(0, Number.MAX_SAFE_INTEGER), graph: id(L.maxLabelLength), threadKey: id(L.maxLabelLength), call: oneOf('invoke', 'stream', 'streamEvents', 'getState', 'updateState'), resume: optional(bool) });
  }
  if (msg.type !== 'sb/reply') return `unknown message type ${JSON.stringify(String(msg.type).slice(0, 40))}`;
  return fields(msg, { rid: int(0, Number.MAX_SAFE_INTEGER), ok: bool }) ?? (msg.ok ? null : fields(msg, { error: wireError }));
}

/** Why the value of a successful reply to `type` is malformed, or null. */
export function replyValueProblem<K extends keyof SandboxReplyOf>(type: K, value: unknown): string | null {
  return REPLIES[type](value);
}

const configurable = shape({ thread_id: optional(id()), checkpoint_ns: optional(name), checkpoint_id: optional(id()) });
const config = shape({ configurable });
const versions = record(name, version, 100_000);
const checkpoint = shape({
  v: int(0, 1_000),
  id: id(),
  ts: text(64),
  channel_values: record(name, () => null, 100_000),
  channel_versions: versions,
  versions_seen: record(name, versions, 100_000),
  updated_channels: optional(list(name, 100_000)),
});
const metadata = shape({ source: oneOf('input', 'loop', 'update', 'fork'), step, parents: record(name, id(), 1_000) });
const listOptions = shape({ limit: optional(int(1, 1_000_000)), before: optional(id()), filter: optional(record(name, json(JSON_LIMITS), 100)) });
const write = (v: unknown) => (Array.isArray(v) && v.length === 2 ? name(v[0]) : '[channel, value]');

const summary = shape({
  checkpointId: id(), parentId: nullable(id()), ns: name, step, source: oneOf('input', 'loop', 'update', 'fork'), ts: text(64),
  next: list(nodeName, 10_000), pendingWrites: int(0, Number.MAX_SAFE_INTEGER), hasInterrupts: bool, hasError: bool,
});
const traceEvent: Check = (v) => (isTraceEvent(v) ? json(TRACE_EVENT_LIMITS)(v) : 'a trace event (src/shared/trace.ts)');
/** Why one run event is malformed, or null (the sandbox drops such events before sending). */
export const runEventProblem: Check = (v) => {
  if (!isObject(v)) return 'an object';
  if (v.kind === 'trace') return fields(v, { event: traceEvent });
  if (v.kind === 'checkpoint') return fields(v, { checkpoint: summary });
  return 'a trace or checkpoint event';
};

/** Why a message on a session port is malformed, or null. Values are checked by the session. */
export function sessionMessageProblem(msg: unknown): string | null {
  if (!isObject(msg)) return 'the message must be an object';
  const rid = int(0, Number.MAX_SAFE_INTEGER);
  switch (msg.type) {
    case 'cp/getTuple': return fields(msg, { rid, config });
    case 'cp/list': return fields(msg, { rid, config, options: listOptions });
    case 'cp/put': return fields(msg, { rid, config, checkpoint, metadata, newVersions: versions });
    case 'cp/putWrites': return fields(msg, { rid, config, writes: list(write, 100_000), taskId: id() });
    case 'st/batch': return fields(msg, { rid, ops: storeOpsProblem });
    case 'run/events': return fields(msg, { events: list(runEventProblem, 10_000) });
    case 'run/end':
      return fields(msg, { outcome: oneOf('done', 'interrupted', 'paused', 'error'), result: nullable(json(VALUE_LIMITS)), error: nullable(wireError) });
    default:
      return `unknown message type ${JSON.stringify(String(msg.type).slice(0, 40))}`;
  }
}
