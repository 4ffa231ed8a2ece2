/**
 * Python objects as LangGraph's `JsonPlusSerializer` stores them, mapped to decoded values. Each
 * object is a class (module and name) plus a payload, written by `_msgpack_default` in
 * `langgraph/checkpoint/serde/jsonplus.py` as one msgpack extension:
 *
 * | code | payload | used for |
 * |---|---|---|
 * | 0 | one argument | UUID (`.hex`), Decimal (`str`), set/frozenset/deque (a tuple), IP addresses, ZoneInfo (`.key`), Enum (`.value`), pydantic secrets |
 * | 1 | positional args | Send (`node, arg[, timeout]`), Path (`.parts`), `re.compile` (`pattern, flags`), date, timedelta (`days, seconds, microseconds`), timezone |
 * | 2 | keyword args | dataclasses (Interrupt, Command, …), namedtuples, `time` (`hour…fold`), store Items |
 * | 3 | arg + method | `datetime.fromisoformat(isoformat())` |
 * | 4 / 5 | `dict()` / `model_dump()` | pydantic v1 / v2 models: every LangChain message is a v2 model |
 *
 * Codes 6 (numpy) and 7 (delta snapshots) have their own payloads and are handled by the msgpack
 * decoder. Python's own reader revives these by importing the class; this reader never does: it
 * only maps the classes it knows to plain values, and shows every other class by name and fields.
 */
import { chatMessage, isMessageClass } from './messages';
import { Built } from './normalize';
import type { ObjectValue } from './values';

/** A stored Python object: what the extension payload (or an old `lc: 2` JSON record) holds. */
export interface PythonObject {
  /** The msgpack extension code (0–5), or -1 for an old JSON `lc: 2` record. */
  code: number;
  module: string;
  name: string;
  payload: unknown;
  /** Code 3 only: the class method called with the payload. */
  method?: string;
}

const asRecord = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
const pad = (n: unknown, width = 2) => String(typeof n === 'number' ? n : 0).padStart(width, '0');

/** `8-4-4-4-12` form of a 32-digit hex UUID. */
function uuidText(hex: unknown): string {
  const h = String(hex).toLowerCase();
  return /^[0-9a-f]{32}$/.test(h) ? `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}` : String(hex);
}

/** An offset in seconds as `+HH:MM` (Python's `utcoffset` text form). */
function offsetText(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+';
  const abs = Math.abs(seconds);
  const hm = `${sign}${pad(Math.floor(abs / 3600))}:${pad(Math.floor((abs % 3600) / 60))}`;
  return abs % 60 ? `${hm}:${pad(abs % 60)}` : hm;
}

/** Seconds of a stored timedelta (a Built `timedelta` tag), or undefined. */
function timedeltaSeconds(v: unknown): number | undefined {
  if (v instanceof Built && v.tag.$type === 'timedelta' && typeof v.tag.value === 'number') return v.tag.value;
  return undefined;
}

function timeText(f: Record<string, unknown>): string {
  const micro = typeof f.microsecond === 'number' && f.microsecond > 0 ? `.${pad(f.microsecond, 6)}` : '';
  let tz = '';
  if (f.tzinfo instanceof Built && f.tzinfo.tag.$type === 'timezone' && typeof f.tzinfo.tag.value === 'number') tz = offsetText(f.tzinfo.tag.value);
  return `${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}${micro}${tz}`;
}

function generic(obj: PythonObject, kind: string): Built {
  const tag: ObjectValue = { $type: 'object', module: obj.module, name: obj.name, kind };
  if (obj.code === 2 || obj.code === 4 || obj.code === 5) tag.fields = asRecord(obj.payload);
  else if (obj.code === 1) tag.args = asArray(obj.payload);
  else tag.args = [obj.payload];
  return new Built(tag);
}

const KINDS: Readonly<Record<number, string>> = { [-1]: 'constructor', 0: 'constructor', 1: 'constructor', 2: 'fields', 3: 'method', 4: 'pydantic_v1', 5: 'pydantic' };

function langgraphType(obj: PythonObject): unknown {
  const f = asRecord(obj.payload);
  switch (obj.name) {
    case 'Send': {
      const [node, args, timeout] = Array.isArray(obj.payload) ? obj.payload : [f.node, f.arg, f.timeout];
      return timeout == null ? { lg_name: 'Send', node, args } : { lg_name: 'Send', node, args, timeout };
    }
    case 'Interrupt': {
      // Current LangGraph stores `value` and `id`; older versions `value, resumable, ns, when`.
      const out: Record<string, unknown> = { ...f };
      if (typeof out.interrupt_id === 'string' && out.id === undefined) out.id = out.interrupt_id;
      return out;
    }
    case 'Command':
      return { lg_name: 'Command', update: f.update ?? null, resume: f.resume ?? null, goto: f.goto ?? [], ...(f.graph != null ? { graph: f.graph } : {}) };
    default:
      return generic(obj, KINDS[obj.code] ?? 'constructor');
  }
}

function datetimeModule(obj: PythonObject): unknown {
  const args = asArray(obj.payload);
  switch (obj.name) {
    case 'datetime':
      return new Built({ $type: 'datetime', value: String(obj.payload) });
    case 'date':
      return new Built({ $type: 'date', value: `${pad(args[0], 4)}-${pad(args[1])}-${pad(args[2])}` });
    case 'time':
      return new Built({ $type: 'time', value: timeText(asRecord(obj.payload)) });
    case 'timedelta': {
      const [days, seconds, microseconds] = args.map((n) => (typeof n === 'number' ? n : 0));
      return new Built({ $type: 'timedelta', value: days! * 86400 + seconds! + microseconds! / 1e6, days, seconds, microseconds });
    }
    case 'timezone': {
      const offset = timedeltaSeconds(args[0]) ?? 0;
      return new Built({ $type: 'timezone', value: offset, text: offsetText(offset), ...(typeof args[1] === 'string' ? { name: args[1] } : {}) });
    }
    default:
      return generic(obj, KINDS[obj.code] ?? 'constructor');
  }
}

/**
 * The decoded value of a stored Python object. Known classes become plain data or a tag; the
 * LangGraph protocol classes become the engine's plain encodings; any other class a generic
 * `object` tag.
 * @param obj the stored object
 */
export function pythonValue(obj: PythonObject): unknown {
  const { module, name, payload } = obj;
  if ((obj.code === 4 || obj.code === 5 || obj.code === -1) && isMessageClass(module, name)) return new Built(chatMessage(name, asRecord(payload)));
  if (module === 'langgraph.types' || module === 'langgraph.constants') return langgraphType(obj);
  if (module === 'datetime') return datetimeModule(obj);
  if (module === 'uuid' && name === 'UUID') return new Built({ $type: 'uuid', value: uuidText(payload) });
  if (module === 'decimal' && name === 'Decimal') return new Built({ $type: 'decimal', value: String(payload) });
  if (module === 'zoneinfo' && name === 'ZoneInfo') return new Built({ $type: 'zoneinfo', value: String(payload) });
  if (module === 'ipaddress') return new Built({ $type: 'ip', value: String(payload), class: name });
  if (module === 'builtins' && (name === 'set' || name === 'frozenset')) return new Built({ $type: 'set', kind: name, items: asArray(payload) });
  if (module === 'collections' && name === 'deque') return new Built({ $type: 'set', kind: 'deque', items: asArray(payload) });
  if (module === 're' && name === 'compile') {
    const [pattern, flags] = asArray(payload);
    return new Built({ $type: 'regexp', value: String(pattern), flags: typeof flags === 'number' ? flags : 0 });
  }
  if (module.startsWith('pathlib')) {
    const parts = asArray(payload).map(String);
    const [head = '', ...rest] = parts;
    const sep = head.includes('\\') ? '\\' : '/';
    const value = head.endsWith('/') || head.endsWith('\\') ? head + rest.join(sep) : parts.join(sep);
    return new Built({ $type: 'path', value, class: name });
  }
  return generic(obj, KINDS[obj.code] ?? 'constructor');
}
