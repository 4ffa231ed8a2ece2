/**
 * Guards for messages arriving over a boundary. A message that is not shaped like a protocol
 * message at all is dropped; a request with a known type but wrong fields gets a BAD_REQUEST reply
 * (see `requestProblem`), because it carries an id the page is waiting on.
 */
import type { FromWorker, ToWorker } from './messages';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when `v` looks like a message to the worker (namespaced type and a numeric id). */
export function isToWorker(v: unknown): v is ToWorker {
  return isObject(v) && typeof v.type === 'string' && v.type.startsWith('rg/') && typeof v.id === 'number' && Number.isFinite(v.id);
}

/** True when `v` looks like a message from the worker. */
export function isFromWorker(v: unknown): v is FromWorker {
  return isObject(v) && typeof v.type === 'string' && v.type.startsWith('rg/');
}

type FieldKind = 'string' | 'string?' | 'number' | 'number?' | 'boolean' | 'json' | 'object' | 'object?';
type RequestType = ToWorker['type'];

/** The fields each request must carry, by kind. `json` accepts any value (including null). */
const FIELDS: { [K in RequestType]: Record<string, FieldKind> } = {
  'rg/hello': { protocolVersion: 'number' },
  'rg/graphs.list': {},
  'rg/threads.list': {},
  'rg/thread.delete': { threadId: 'string' },
  'rg/run.start': { threadId: 'string', graphId: 'string', input: 'json', controls: 'object?' },
  'rg/run.resume': { threadId: 'string', resume: 'object', controls: 'object?' },
  'rg/run.continue': { threadId: 'string', controls: 'object?' },
  'rg/run.replay': { threadId: 'string', ns: 'string', checkpointId: 'string', controls: 'object?' },
  'rg/run.fork': { threadId: 'string', ns: 'string', checkpointId: 'string', values: 'json', asNode: 'string?', run: 'boolean', controls: 'object?' },
  'rg/run.cancel': { runId: 'string' },
  'rg/history.page': { threadId: 'string', ns: 'string', before: 'string?', limit: 'number' },
  'rg/checkpoint.get': { threadId: 'string', ns: 'string', checkpointId: 'string' },
  'rg/runs.list': { threadId: 'string' },
  'rg/trace.get': { threadId: 'string', runId: 'string?', afterSeq: 'number?', limit: 'number?' },
  'rg/namespaces.list': { threadId: 'string' },
  'rg/thread.export': { threadId: 'string' },
  'rg/thread.importPreview': { text: 'string' },
  'rg/thread.import': { text: 'string', threadId: 'string?' },
  'rg/graph.compile': { graphId: 'string', source: 'string' },
  'rg/graph.save': { graphId: 'string', source: 'string', title: 'string?' },
  'rg/graph.delete': { graphId: 'string' },
};

/** The ids user graphs are registered under (built-in graphs can never be replaced). */
export const USER_GRAPH_ID = /^user:[\w.-]{1,64}$/;

/** True when `type` is a request type this protocol version defines. */
export function isKnownRequestType(type: string): type is RequestType {
  return Object.hasOwn(FIELDS, type);
}

function fieldOk(value: unknown, kind: FieldKind): boolean {
  const optional = kind.endsWith('?');
  if (value === undefined) return optional;
  switch (kind.replace('?', '')) {
    case 'string': return typeof value === 'string';
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'boolean': return typeof value === 'boolean';
    case 'object': return isObject(value);
    default: return true;
  }
}

/**
 * Why a request of a known type is malformed, or null when it is fine. Checks each field's kind,
 * plus the shapes of `resume` and `controls`.
 */
export function requestProblem(msg: ToWorker): string | null {
  const fields = FIELDS[msg.type];
  const record = msg as unknown as Record<string, unknown>;
  for (const [name, kind] of Object.entries(fields)) {
    if (!fieldOk(record[name], kind)) return `field "${name}" must be ${kind.replace('?', '')}${kind.endsWith('?') ? ' when given' : ''}`;
  }
  if ((msg.type === 'rg/graph.compile' || msg.type === 'rg/graph.save' || msg.type === 'rg/graph.delete') && !USER_GRAPH_ID.test(msg.graphId)) {
    return 'field "graphId" must be "user:" followed by letters, digits, ".", "_" or "-" (at most 64)';
  }
  if (msg.type === 'rg/run.resume') {
    const r = msg.resume as unknown as Record<string, unknown>;
    if (r.kind !== 'value' && r.kind !== 'byId') return 'field "resume.kind" must be "value" or "byId"';
    if (r.kind === 'byId' && !isObject(r.values)) return 'field "resume.values" must be an object of interrupt id → value';
  }
  if ('controls' in msg && msg.controls !== undefined) {
    const c = msg.controls as unknown as Record<string, unknown>;
    for (const key of ['breakBefore', 'breakAfter'] as const) {
      const list = c[key];
      if (list !== undefined && !(Array.isArray(list) && list.every((x) => typeof x === 'string'))) return `field "controls.${key}" must be a list of node names`;
    }
    if (c.stepMode !== undefined && typeof c.stepMode !== 'boolean') return 'field "controls.stepMode" must be boolean';
    if (c.recursionLimit !== undefined && !(typeof c.recursionLimit === 'number' && c.recursionLimit > 0)) return 'field "controls.recursionLimit" must be a positive number';
  }
  return null;
}
