/**
 * zod object schemas as state (LangGraph.js `@langchain/langgraph/zod`): each key is a last-value
 * channel unless its schema carries reducer metadata, given by `withLangGraph(schema, meta)`, by
 * zod v4's `schema.register(registry, meta)`, or by the `.langgraph.reducer(fn, schema?)` /
 * `.langgraph.metadata(extra)` helpers this module adds to zod's types. Defaults come from the
 * schema (`.default(…)`). Updates are parsed by the key's reducer schema (else its own schema).
 */
import { extendInteropZodObject, getInteropZodDefaultGetter, getInteropZodObjectShape, getSchemaDescription, interopParse, interopZodObjectPartial, isInteropZodObject, isZodSchemaV3, type InteropZodObject } from '@langchain/core/utils/types';
import { z as z3 } from 'zod/v3';
import { z as z4 } from 'zod/v4';
import { $ZodRegistry, type $ZodType } from 'zod/v4/core';
import type { ChannelSpec } from '../../channels/base';
import { binopSpec } from '../../channels/binop';
import { lastValueSpec } from '../../channels/last_value';
import { OVERWRITE, overwriteValue } from '../../types';
import type { Bivariant } from '../bivariant';

/** The output type of a zod schema (v4 or v3), else `unknown`. */
type SchemaOutput<S> = S extends { _zod: { output: infer O } } ? O : S extends { _output: infer O } ? O : unknown;

/** What LangGraph knows about one key's schema. */
export interface SchemaMeta<V = unknown, U = V> {
  jsonSchemaExtra?: Record<string, unknown>;
  reducer?: { schema?: unknown; fn: Bivariant<[a: V, b: U], V> };
  default?: () => V;
}

/** Schema → metadata (LangGraph.js `SchemaMetaRegistry`). */
export class SchemaMetaRegistry {
  /** @internal shared with the zod v4 registry */
  _map = new Map<unknown, SchemaMeta>();
  private readonly extended = new Map<string, Map<unknown, InteropZodObject>>();
  get(schema: unknown): SchemaMeta | undefined {
    return this._map.get(schema);
  }
  extend(schema: unknown, predicate: (meta: SchemaMeta | undefined) => SchemaMeta): void {
    this._map.set(schema, predicate(this.get(schema)));
  }
  remove(schema: unknown): this {
    this._map.delete(schema);
    return this;
  }
  has(schema: unknown): boolean {
    return this._map.has(schema);
  }
  /** The channel of each key of a zod object schema. */
  getChannelsForSchema(schema: InteropZodObject): Record<string, ChannelSpec> {
    const out: Record<string, ChannelSpec> = {};
    for (const [key, s] of Object.entries(getInteropZodObjectShape(schema))) {
      const meta = this.get(s);
      out[key] = meta?.reducer ? binopSpec(meta.reducer.fn, meta.default) : lastValueSpec(meta?.default);
    }
    return out;
  }
  /**
   * The object schema with LangGraph's metadata applied to its keys (LangGraph.js
   * `getExtendedChannelSchemas`): `withReducerSchema`: reducer keys take their reducer's input
   * schema (what updates are parsed with); `withJsonSchemaExtrasAsDescription`: JSON schema extras
   * ride in the description (`lg:{…}`); `asPartial`: every key optional. Cached per schema.
   */
  getExtendedChannelSchemas(schema: InteropZodObject, effects: { withReducerSchema?: boolean; withJsonSchemaExtrasAsDescription?: boolean; asPartial?: boolean }): InteropZodObject {
    const key = Object.entries(effects).filter(([, v]) => v === true).map(([k]) => k).sort().join('|');
    if (key === '') return schema;
    let byKey = this.extended.get(key);
    if (!byKey) this.extended.set(key, (byKey = new Map()));
    const hit = byKey.get(schema);
    if (hit) return hit;
    let out = schema;
    if (effects.withReducerSchema || effects.withJsonSchemaExtrasAsDescription) {
      const shape = Object.entries(getInteropZodObjectShape(schema)).map(([k, s]) => {
        const meta = this.get(s);
        let field = (effects.withReducerSchema ? (meta?.reducer?.schema ?? s) : s) as { describe(d: string): unknown };
        if (effects.withJsonSchemaExtrasAsDescription && meta?.jsonSchemaExtra) {
          const description = getSchemaDescription(field as never) ?? getSchemaDescription(s as never);
          field = field.describe(`lg:${JSON.stringify({ ...meta.jsonSchemaExtra, description })}`) as typeof field;
        }
        return [k, field];
      });
      out = extendInteropZodObject(schema, Object.fromEntries(shape) as never);
      if (isZodSchemaV3(out)) Object.assign(out._def as object, { unknownKeys: 'strip' });
    }
    if (effects.asPartial) out = interopZodObjectPartial(out);
    byKey.set(schema, out);
    return out;
  }
}

/** The registry every zod helper of this engine writes to. */
export const schemaMetaRegistry = new SchemaMetaRegistry();

/** Attaches LangGraph metadata (reducer, default, JSON schema extras) to a zod schema. */
export function withLangGraph<S, V = SchemaOutput<S>, U = V>(schema: S, meta: SchemaMeta<V, U>): S {
  if (meta.reducer && !meta.default) {
    const getter = getInteropZodDefaultGetter(schema as never);
    if (getter != null) meta.default = getter;
  }
  if (meta.reducer) Object.assign(schema as object, { lg_reducer_schema: meta.reducer.schema ?? schema });
  schemaMetaRegistry.extend(schema, () => meta);
  return schema;
}

/** A zod v4 registry over the same metadata: `schema.register(registry, { reducer, default })`. */
export class LanggraphZodMetaRegistry extends $ZodRegistry<SchemaMeta> {
  constructor(readonly parent: SchemaMetaRegistry) {
    super();
    this._map = parent._map;
  }
  override add<S extends $ZodType>(schema: S, ...meta: [SchemaMeta]): this {
    const first = meta[0] as SchemaMeta | undefined;
    if (first && !first.default) {
      const getter = getInteropZodDefaultGetter(schema);
      if (getter != null) first.default = getter;
    }
    return super.add(schema, ...meta);
  }
}

export const registry = new LanggraphZodMetaRegistry(schemaMetaRegistry);

// `.langgraph` on zod's types. One installation per process: the symbol is LangGraph.js's, so a
// process that also loads LangGraph.js gets one definition (whichever library came first).
const PLUGIN = Symbol.for('langgraph-zod');
const installed: WeakSet<object> = Reflect.get(globalThis, PLUGIN) ?? new WeakSet();
Reflect.set(globalThis, PLUGIN, installed);
for (const proto of [z3.ZodType.prototype, z4.ZodType.prototype] as object[]) {
  if (installed.has(proto)) continue;
  Object.defineProperty(proto, 'langgraph', {
    get() {
      const self = this as unknown;
      return {
        metadata: (jsonSchemaExtra: Record<string, unknown>) => withLangGraph(self, { jsonSchemaExtra }),
        reducer: (fn: Bivariant<[a: unknown, b: unknown], unknown>, schema?: unknown) => withLangGraph(self, { default: getInteropZodDefaultGetter(self as never), reducer: { schema, fn } }),
      };
    },
  });
  installed.add(proto);
}

export const isZodObject = (x: unknown): x is InteropZodObject => isInteropZodObject(x);

/**
 * Node updates `[key, value]` parsed by the state schema: reducer keys by their reducer schema,
 * an Overwrite by the key's value schema; keys outside the schema pass through.
 */
export function parseZodUpdates(schema: InteropZodObject, updates: [string, unknown][]): [string, unknown][] {
  const keys = new Set(Object.keys(getInteropZodObjectShape(schema)));
  if (!updates.some(([k]) => keys.has(k))) return updates;
  const update = schemaMetaRegistry.getExtendedChannelSchemas(schema, { withReducerSchema: true, asPartial: true });
  const value = interopZodObjectPartial(schema);
  return updates.map(([k, v]) => {
    if (!keys.has(k)) return [k, v];
    const [isOverwrite, ov] = overwriteValue(v);
    const parsed = interopParse(isOverwrite ? value : update, { [k]: isOverwrite ? ov : v }) as Record<string, unknown>;
    if (!Object.prototype.hasOwnProperty.call(parsed, k)) return [k, v];
    return [k, isOverwrite ? { [OVERWRITE]: parsed[k] } : parsed[k]];
  });
}

/** Graph input parsed by an input schema (`partial`: the state schema, every key optional). */
export function parseZodInput(schema: InteropZodObject, input: unknown, partial: boolean): unknown {
  return interopParse(schemaMetaRegistry.getExtendedChannelSchemas(schema, { withReducerSchema: true, asPartial: partial }), input);
}
