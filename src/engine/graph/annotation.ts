/**
 * State schemas: `Annotation.Root({...})`, `Annotation<T>()` (last value) and
 * `Annotation<T>({ reducer, default })` (a reducer channel), as LangGraph.js.
 */
import { isChannel, specOf, type ChannelSpec } from '../channels/base';
import { binopSpec } from '../channels/binop';
import { lastValueSpec } from '../channels/last_value';
import type { RunnableConfig } from '../checkpoint/types';
import type { Bivariant } from './bivariant';

/** One state key: how to build its channel, plus phantom value / update types. */
export interface ChannelDef<V = unknown, U = V> {
  readonly lg_kind: 'ChannelDef';
  /** The channel spec of this key. */
  toSpec(): ChannelSpec;
  /** Phantom fields (types only). */
  readonly ValueType?: V;
  readonly UpdateType?: U;
}

/**
 * A state definition: each key is a `ChannelDef`, or a function returning one. The second form is
 * what the bare `Annotation<T>` (no call) of the LangGraph.js docs is: the key's channel is made by
 * calling it with no arguments, as LangGraph.js does.
 */
export type StateDefinition = Record<string, ChannelDef<unknown, unknown> | (() => ChannelDef<unknown, unknown>)>;

/** The channel definition behind a key, whether given as a `ChannelDef` or as a function making one. */
type DefOf<D> = D extends ChannelDef<unknown, unknown> ? D : D extends (...args: never[]) => infer R ? R : never;

export type StateType<SD extends StateDefinition> = { [K in keyof SD]: DefOf<SD[K]> extends ChannelDef<infer V, unknown> ? V : never };
export type UpdateType<SD extends StateDefinition> = { [K in keyof SD]?: DefOf<SD[K]> extends ChannelDef<unknown, infer U> ? U : never };

/** Options of a reducer key. */
export interface ReducerOptions<V, U> {
  reducer: (a: V, b: U) => V;
  /** Initial value. */
  default?: () => V;
}

/** A schema made with `Annotation.Root`. */
export class AnnotationRoot<SD extends StateDefinition> {
  readonly lc_graph_name = 'AnnotationRoot';
  declare State: StateType<SD>;
  declare Update: UpdateType<SD>;
  declare Node: Bivariant<[state: StateType<SD>, config?: RunnableConfig], UpdateType<SD> | Promise<UpdateType<SD>>>;
  constructor(readonly spec: SD) {}
}

/**
 * `Annotation<T>()`: a plain key (the last value written wins; two writes in one step are an error).
 * `Annotation<T, U>({ reducer, default })`: a key folding writes with `reducer`.
 */
export function Annotation<V, U = V>(options?: ReducerOptions<V, U> | { value: (a: V, b: U) => V; default?: () => V }): ChannelDef<V, U> {
  if (!options) return { lg_kind: 'ChannelDef', toSpec: () => lastValueSpec<V>() };
  const reducer = 'reducer' in options ? options.reducer : options.value;
  const initial = options.default;
  return { lg_kind: 'ChannelDef', toSpec: () => binopSpec<V, U>(reducer, initial) };
}

Annotation.Root = <SD extends StateDefinition>(sd: SD): AnnotationRoot<SD> => new AnnotationRoot(sd);

/** Legacy LangGraph.js channel spec: `{ channels: { key: null | { reducer?, value?, default? } } }`. */
export interface LegacyChannels {
  channels: Record<string, null | { reducer?: Bivariant<[a: unknown, b: unknown], unknown>; value?: Bivariant<[a: unknown, b: unknown], unknown>; default?: () => unknown }>;
}

/** The state type of legacy channels: each key's reducer (or default) value type, else `unknown`. */
export type LegacyState<C> = {
  [K in keyof C]: C[K] extends { reducer: (a: infer V, b: never) => unknown } ? V
    : C[K] extends { value: (a: infer V, b: never) => unknown } ? V
    : C[K] extends { default: () => infer V } ? V
    : unknown;
};

/** The channel specs of a schema (Annotation.Root, a plain definition, or legacy channels). */
export function specsOf(schema: unknown): Record<string, ChannelSpec> {
  const out: Record<string, ChannelSpec> = {};
  if (schema instanceof AnnotationRoot) {
    for (const [k, d] of Object.entries(schema.spec)) out[k] = specOfDef(k, d);
    return out;
  }
  if (schema && typeof schema === 'object' && 'channels' in schema && typeof (schema as LegacyChannels).channels === 'object') {
    for (const [k, d] of Object.entries((schema as LegacyChannels).channels)) {
      const reducer = d?.reducer ?? d?.value;
      out[k] = reducer ? binopSpec(reducer, d?.default) : lastValueSpec();
    }
    return out;
  }
  if (schema && typeof schema === 'object') {
    for (const [k, d] of Object.entries(schema as Record<string, unknown>)) out[k] = specOfDef(k, d);
    return out;
  }
  throw new Error('Invalid schema type. Expected AnnotationRoot, a state definition, or { channels }.');
}

/** A reducer channel's reducer (what makes two such channels the same, as for `Annotation({ reducer })`). */
const reducerOf = (channel: object): unknown => (channel as { operator?: unknown }).operator ?? (channel as { reducer?: unknown }).reducer;

const isChannelDef = (d: unknown): d is ChannelDef => !!d && typeof d === 'object' && (d as ChannelDef).lg_kind === 'ChannelDef';

/**
 * The channel spec of one key of a definition (a channel definition or a channel instance). A function (e.g. the bare `Annotation<T>`) is
 * called with no arguments and must return a channel definition, as LangGraph.js calls it.
 */
function specOfDef(key: string, d: unknown): ChannelSpec {
  const def = typeof d === 'function' ? (d as () => unknown)() : d;
  if (isChannelDef(def)) return def.toSpec();
  // A channel instance (LangGraph.js accepts one, e.g. a `DeltaChannel`): channels like it.
  if (isChannel(def)) return specOf(def, reducerOf(def) ?? def);
  throw new Error(`Invalid state definition for key "${key}": use Annotation, Annotation<T>() or Annotation({ reducer, default })`);
}
