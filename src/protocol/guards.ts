/**
 * Guards for messages arriving over a boundary. A message that is not shaped like a protocol
 * message at all is dropped; a request with a known type but wrong fields gets a BAD_REQUEST reply
 * (see `requestProblem`), because it carries an id the page is waiting on. Ids and texts are
 * bounded (limits.ts): a 10 MB thread id or an empty one is a bad request, not a stored thread.
 */
import { bool, fields, id, int, isObject, json, list, oneOf, optional, record, shape, text, type Check } from './check';
import { JSON_LIMITS, WIRE_LIMITS } from './limits';
import type { FromWorker, ToWorker } from './messages';
import { REMOTE_FIELDS } from './remote';

const L = WIRE_LIMITS;

/** True when `v` looks like a message to the worker (namespaced type and a numeric id). */
export function isToWorker(v: unknown): v is ToWorker {
  return isObject(v) && typeof v.type === 'string' && v.type.startsWith('rg/') && typeof v.id === 'number' && Number.isFinite(v.id);
}

/** True when `v` looks like a message from the worker. */
export function isFromWorker(v: unknown): v is FromWorker {
  return isObject(v) && typeof v.type === 'string' && v.type.startsWith('rg/');
}

type RequestType = ToWorker['type'];

/** The ids user graphs are registered under (built-in graphs can never be replaced). */
export const USER_GRAPH_ID = /^user:[\w.-]{1,64}$/;

const threadId = id();
const ns = text(L.maxIdLength);
const checkpointId = id();
const json_ = json(JSON_LIMITS);
const userGraphId: Check = (v) => (typeof v === 'string' && USER_GRAPH_ID.test(v) ? null : '"user:" followed by letters, digits, ".", "_" or "-" (at most 64)');
const nodeList = list(text(L.maxIdLength), L.maxListLength);
const controls = optional(shape({
  stepMode: optional(bool),
  breakBefore: optional(nodeList),
  breakAfter: optional(nodeList),
  recursionLimit: optional(int(1, L.maxRecursionLimit)),
  nodeTimeoutMs: optional(int(1, L.maxNodeTimeoutMs)),
  durability: optional(oneOf('sync', 'async')),
}));
const resume: Check = (v) => {
  if (!isObject(v)) return 'an object';
  if (v.kind === 'value') return fields(v, { value: json_ });
  if (v.kind === 'byId') return fields(v, { values: (x) => (isObject(x) ? json_(x) : 'an object of interrupt id → value') });
  return 'an object whose field "kind" must be "value" or "byId"';
};
/** A File the page passed by structured clone (a Blob: some runtimes drop a File's name when they clone it). */
const blob: Check = (v) => (typeof Blob !== 'undefined' && v instanceof Blob ? null : 'a File');
const graphIdOrNull: Check = (v) => (v === null ? null : id(L.maxLabelLength)(v));
const port: Check = (v) => (isObject(v) && typeof (v as { postMessage?: unknown }).postMessage === 'function' ? null : 'a MessagePort (transferred with the message)');

/** The fields each request must carry. */
const FIELDS: { [K in RequestType]: Record<string, Check> } = {
  'rg/hello': { protocolVersion: int(0, 1_000_000) },
  'rg/graphs.list': {},
  'rg/threads.list': {},
  'rg/thread.delete': { threadId },
  'rg/thread.rename': { threadId, name: text(L.maxLabelLength) },
  'rg/run.start': { threadId, graphId: id(L.maxLabelLength), input: json_, controls },
  'rg/run.resume': { threadId, resume, checkpointId: optional(checkpointId), controls },
  'rg/run.continue': { threadId, controls },
  'rg/run.replay': { threadId, ns, checkpointId, controls },
  'rg/run.fork': { threadId, ns, checkpointId, values: json_, asNode: optional(text(L.maxIdLength)), run: bool, controls },
  'rg/run.cancel': { runId: id() },
  'rg/history.page': { threadId, ns, before: optional(checkpointId), limit: int(1, 1_000_000) },
  'rg/checkpoint.get': { threadId, ns, checkpointId },
  'rg/checkpoint.slice': {
    threadId, ns, checkpointId, field: oneOf('values', 'raw', 'metadata'),
    path: list((v) => (typeof v === 'number' ? int(0, 100_000_000)(v) : text(100_000)(v)), 300), offset: int(0, 100_000_000), limit: int(1, 10_000),
  },
  'rg/checkpoint.diff': { threadId, ns, checkpointId, offset: int(0, 100_000_000), limit: int(1, 10_000) },
  'rg/runs.list': { threadId },
  'rg/trace.get': { threadId, runId: optional(id()), afterSeq: optional(int(-1, Number.MAX_SAFE_INTEGER)), limit: optional(int(1, 1_000_000)) },
  'rg/namespaces.list': { threadId },
  'rg/store.items': { threadId },
  'rg/thread.export': { threadId },
  'rg/thread.importPreview': { text: text(L.maxFileLength) },
  'rg/thread.import': { text: text(L.maxFileLength), threadId: optional(threadId), trustSource: optional(bool) },
  'rg/graph.compile': { graphId: userGraphId, source: text(L.maxSourceLength) },
  'rg/graph.save': { graphId: userGraphId, source: text(L.maxSourceLength), title: optional(text(L.maxLabelLength)) },
  'rg/graph.delete': { graphId: userGraphId },
  'rg/graph.cancelCompile': { graphId: userGraphId },
  'rg/sandbox.attach': { port },
  'rg/settings.set': { durability: oneOf('strict', 'relaxed') },
  'rg/program.run': { name: id(64), source: text(L.maxSourceLength), env: record(id(L.maxLabelLength), text(L.maxMessageLength), 200) },
  'rg/program.cancel': { programRunId: id() },
  ...REMOTE_FIELDS,
  'rg/files.open': { files: list(blob, 16) },
  'rg/files.list': {},
  'rg/files.count': { fileId: id(64) },
  'rg/files.threads': { fileId: id(64), offset: int(0, 100_000_000), limit: int(1, 500) },
  'rg/files.close': { fileId: id(64) },
  'rg/files.follow': {},
  'rg/files.unfollow': { fileId: id(64) },
  'rg/files.continue': { threadId, checkpointId, graphId: id(L.maxLabelLength) },
  'rg/files.graph': { threadId },
  'rg/files.attach': { threadId, graphId: graphIdOrNull },
};

/** True when `type` is a request type this protocol version defines. */
export function isKnownRequestType(type: string): type is RequestType {
  return Object.hasOwn(FIELDS, type);
}

/** Why a request of a known type is malformed, or null when it is fine. */
export function requestProblem(msg: ToWorker): string | null {
  return fields(msg, FIELDS[msg.type]);
}
