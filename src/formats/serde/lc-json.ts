/**
 * `json` blobs: what LangGraph.js's `JsonPlusSerializer` writes (and what LangGraph Python wrote
 * before it moved to msgpack). Plain JSON, plus records that stand for objects:
 *
 * - `lc: 1` LangChain constructors (`{ lc: 1, type: "constructor", id: [...path, Class], kwargs }`):
 *   messages become chat messages, any other class an `object` tag; `type: "secret"` and
 *   `"not_implemented"` records are shown as such (LangChain's own `load` would import the class);
 * - `lc: 2` values of LangGraph.js: `undefined`, `delta_snapshot`, and constructors of `Set`, `Map`,
 *   `RegExp`, `Error`, `Uint8Array`;
 * - `lc: 2` constructors with a Python module path (`["uuid", "UUID"]`, `["datetime", "datetime"]`
 *   with `method: "fromisoformat"`, …), as old Python JSON checkpoints hold them.
 */
import type { DecodeLimits } from '../options';
import { chatMessage, isMessageClass } from './messages';
import { Built, DepthError } from './normalize';
import { pythonValue } from './python';
import { setOwn } from './values';

type Rec = Record<string, unknown>;

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const idPath = (v: unknown): string[] | undefined => (Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'string') ? (v as string[]) : undefined);

function lc1(rec: Rec, id: string[]): unknown {
  const name = id[id.length - 1]!;
  const module = id.slice(0, -1).join('.');
  if (rec.type === 'secret') return new Built({ $type: 'secret', value: null, id: id.join('.') });
  const kwargs = isRec(rec.kwargs) ? rec.kwargs : {};
  if (rec.type === 'constructor' && isMessageClass(module, name)) return new Built(chatMessage(name, kwargs));
  return new Built({ $type: 'object', module, name, kind: rec.type === 'constructor' ? 'lc' : String(rec.type), fields: kwargs });
}

function lc2Constructor(rec: Rec, id: string[]): unknown {
  const args = Array.isArray(rec.args) ? rec.args : [];
  if (id.length === 1) {
    const [first, second] = args;
    switch (id[0]) {
      case 'Set':
        return new Built({ $type: 'set', kind: 'Set', items: Array.isArray(first) ? first : [] });
      case 'Map':
        return new Built({ $type: 'map', entries: Array.isArray(first) ? first.filter((e): e is [unknown, unknown] => Array.isArray(e) && e.length === 2) : [] });
      case 'RegExp':
        return new Built({ $type: 'regexp', value: String(first), flags: typeof second === 'string' ? second : '' });
      case 'Error':
        return new Built({ $type: 'error', value: String(first) });
      case 'Uint8Array':
        if (Array.isArray(first) && first.every((b) => typeof b === 'number' && b >= 0 && b <= 255 && Number.isInteger(b))) return new Uint8Array(first as number[]);
    }
    return new Built({ $type: 'object', module: '', name: String(id[0]), kind: 'lc2', args });
  }
  const kwargs = isRec(rec.kwargs) && Object.keys(rec.kwargs).length > 0 ? rec.kwargs : undefined;
  const payload = kwargs ?? (args.length === 1 ? args[0] : args);
  const method = Array.isArray(rec.method) ? rec.method.find((m) => typeof m === 'string') : rec.method;
  return pythonValue({ code: -1, module: id.slice(0, -1).join('.'), name: id[id.length - 1]!, payload, ...(typeof method === 'string' ? { method } : {}) });
}

function special(rec: Rec): unknown {
  const id = idPath(rec.id);
  if (rec.lc === 1 && id && (rec.type === 'constructor' || rec.type === 'secret' || rec.type === 'not_implemented')) return lc1(rec, id);
  if (rec.lc === 2) {
    if (rec.type === 'undefined') return new Built({ $type: 'undefined', value: null });
    if (rec.type === 'delta_snapshot' && Object.hasOwn(rec, 'value')) return new Built({ $type: 'delta-snapshot', value: rec.value });
    if (rec.type === 'constructor' && id) return lc2Constructor(rec, id);
  }
  return undefined;
}

/**
 * Revives the `lc` records of parsed JSON (children first, as LangGraph.js does), bounded in depth.
 * @param value parsed JSON
 * @param limits depth limit
 * @param depth the current depth
 */
export function reviveLcJson(value: unknown, limits: DecodeLimits, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= limits.maxDepth) throw new DepthError(limits.maxDepth);
  if (Array.isArray(value)) return value.map((v) => reviveLcJson(v, limits, depth + 1));
  const rec: Rec = {};
  for (const key of Object.keys(value)) setOwn(rec, key, reviveLcJson((value as Rec)[key], limits, depth + 1));
  return special(rec) ?? rec;
}
