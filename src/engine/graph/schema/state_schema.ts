/**
 * `StateSchema` (LangGraph.js 1.x): state as a map of Standard Schemas (zod, valibot, …) and
 * `ReducedValue`s. A schema key is a last-value channel (with the schema's default, if any); a
 * ReducedValue key folds writes with its reducer. Node updates and graph input are validated by
 * the schemas (a ReducedValue's input schema for writes, its value schema for an Overwrite).
 */
import { specOf, type Channel, type ChannelSpec } from '../../channels/base';
import { binopSpec } from '../../channels/binop';
import { DeltaChannel } from '../../channels/delta';
import { lastValueSpec } from '../../channels/last_value';
import { untrackedSpec } from '../../channels/untracked';
import { OVERWRITE, overwriteValue } from '../../types';
import { messagesDeltaReducer } from '../../messages/delta_reducer';
import { messagesStateReducer } from '../../messages/reducer';
import type { Bivariant } from '../bivariant';
import { DeltaValue } from './delta_value';

/** The part of the Standard Schema interface used here (`schema['~standard'].validate`). */
export interface StandardSchemaLike<Out = unknown> {
  readonly '~standard': {
    validate(value: unknown): { value?: Out; issues?: readonly unknown[] } | Promise<{ value?: Out; issues?: readonly unknown[] }>;
  };
  /** Phantom (types only). */
  readonly _output?: Out;
}

export function isStandardSchema(schema: unknown): schema is StandardSchemaLike {
  if (typeof schema !== 'object' || schema === null || !('~standard' in schema)) return false;
  const std = (schema as { '~standard': unknown })['~standard'];
  return typeof std === 'object' && std !== null && 'validate' in std;
}

/** A factory of the schema's default (what it makes of `undefined`), or undefined without one. */
export function schemaDefaultGetter(schema: unknown): (() => unknown) | undefined {
  if (!isStandardSchema(schema)) return undefined;
  try {
    const r = schema['~standard'].validate(undefined);
    if (r && typeof r === 'object' && !('then' in r) && !r.issues) {
      const value = r.value;
      return () => value;
    }
  } catch {
    /* no default */
  }
  return undefined;
}

/** The JSON Schema of a Standard JSON Schema (zod 4 has one), or undefined. */
export function jsonSchemaOf(schema: unknown): Record<string, unknown> | undefined {
  const std = (schema as { '~standard'?: { jsonSchema?: { input?: (o: { target: string }) => Record<string, unknown> } } } | null)?.['~standard'];
  if (typeof std?.jsonSchema?.input !== 'function') return undefined;
  try {
    return std.jsonSchema.input({ target: 'draft-07' });
  } catch {
    return undefined;
  }
}

const UNTRACKED = Symbol.for('langgraph.state.untracked_value');

/** A key kept in memory only: never checkpointed (`guard`: at most one write per step). */
export class UntrackedValue<V = unknown> {
  readonly [UNTRACKED] = true;
  readonly guard: boolean;
  constructor(readonly schema?: StandardSchemaLike<V> | unknown, init?: { guard?: boolean }) {
    this.guard = init?.guard ?? true;
  }
  static isInstance(value: unknown): value is UntrackedValue {
    return typeof value === 'object' && value !== null && UNTRACKED in value;
  }
}

const REDUCED = Symbol.for('langgraph.state.reduced_value');

/** A key whose writes are folded by `reducer` (validated by `inputSchema`, default: the value schema). */
export class ReducedValue<V = unknown, I = V> {
  readonly [REDUCED] = true;
  readonly valueSchema: StandardSchemaLike<V> | unknown;
  readonly inputSchema: StandardSchemaLike<I> | unknown;
  readonly reducer: Bivariant<[current: V, next: I], V>;
  readonly jsonSchemaExtra?: Record<string, unknown>;
  constructor(valueSchema: StandardSchemaLike<V> | unknown, init: { reducer: (current: V, next: I) => V; inputSchema?: StandardSchemaLike<I> | unknown; jsonSchemaExtra?: Record<string, unknown> }) {
    this.valueSchema = valueSchema;
    this.inputSchema = 'inputSchema' in init ? init.inputSchema : valueSchema;
    this.reducer = init.reducer;
    this.jsonSchemaExtra = init.jsonSchemaExtra;
  }
  static isInstance(value: unknown): value is ReducedValue {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[REDUCED] === true;
  }
}

const STATE_SCHEMA = Symbol.for('langgraph.state.state_schema');

/** A key that folds its writes (ReducedValue or DeltaValue): its schemas. */
function foldingField(value: unknown): ReducedValue | DeltaValue | undefined {
  return ReducedValue.isInstance(value) || DeltaValue.isInstance(value) ? value : undefined;
}

type FieldValue<F> = F extends ReducedValue<infer V, infer _I> ? V : F extends DeltaValue<infer V, infer _I> ? V : F extends UntrackedValue<infer V> ? V : F extends StandardSchemaLike<infer O> ? O : unknown;
type FieldUpdate<F> = F extends ReducedValue<infer _V, infer I> ? I : F extends DeltaValue<infer _V, infer I> ? I : F extends UntrackedValue<infer V> ? V : F extends StandardSchemaLike<infer O> ? O : unknown;

/** A state made of schemas and ReducedValues. */
export class StateSchema<F extends Record<string, unknown> = Record<string, unknown>> {
  readonly [STATE_SCHEMA] = true;
  declare State: { [K in keyof F]: FieldValue<F[K]> };
  declare Update: { [K in keyof F]?: FieldUpdate<F[K]> };
  constructor(readonly fields: F) {}

  /** How each key's channel is made. */
  getChannelSpecs(): Record<string, ChannelSpec> {
    const out: Record<string, ChannelSpec> = {};
    for (const [key, value] of Object.entries(this.fields)) {
      if (ReducedValue.isInstance(value)) out[key] = binopSpec(value.reducer, schemaDefaultGetter(value.valueSchema));
      else if (DeltaValue.isInstance(value)) out[key] = deltaSpec(value);
      else if (UntrackedValue.isInstance(value)) out[key] = untrackedSpec(value.guard, schemaDefaultGetter(value.schema));
      else if (isStandardSchema(value)) out[key] = lastValueSpec(schemaDefaultGetter(value));
      else throw new Error(`Invalid state field "${key}": must be a schema, ReducedValue, DeltaValue, UntrackedValue, or ManagedValue`);
    }
    return out;
  }

  /** A fresh channel per key (holding its default, if any). */
  getChannels(): Record<string, Channel> {
    return Object.fromEntries(Object.entries(this.getChannelSpecs()).map(([k, spec]) => [k, spec.create()]));
  }

  getChannelKeys(): string[] {
    return Object.keys(this.fields);
  }

  getAllKeys(): string[] {
    return Object.keys(this.fields);
  }

  /** The JSON Schema of the state (keys without a default are required). */
  getJsonSchema(): Record<string, unknown> {
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const [key, value] of Object.entries(this.fields)) {
      const folding = foldingField(value);
      const valueSchema = folding ? folding.valueSchema : UntrackedValue.isInstance(value) ? value.schema : value;
      let field = jsonSchemaOf(valueSchema);
      if (folding?.jsonSchemaExtra) field = { ...field, ...folding.jsonSchemaExtra };
      if (!field) continue;
      properties[key] = field;
      if (schemaDefaultGetter(valueSchema) === undefined) required.push(key);
    }
    return { type: 'object', properties, required: required.length > 0 ? required : undefined };
  }

  /** The JSON Schema of an update / of graph input (every key optional; reducers' input schemas). */
  getInputJsonSchema(): Record<string, unknown> {
    const properties: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this.fields)) {
      const folding = foldingField(value);
      let field = jsonSchemaOf(folding ? folding.inputSchema : UntrackedValue.isInstance(value) ? value.schema : value);
      if (folding?.jsonSchemaExtra) field = { ...field, ...folding.jsonSchemaExtra };
      if (field) properties[key] = field;
    }
    return { type: 'object', properties };
  }

  /** `data` with each known key validated (and coerced) by its schema; unknown keys pass through. */
  async validateInput(data: unknown): Promise<unknown> {
    if (data == null || typeof data !== 'object') return data;
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      const def = foldingField(this.fields[key]) ?? this.fields[key];
      let schema: unknown;
      if (ReducedValue.isInstance(def) || DeltaValue.isInstance(def)) {
        const [isOverwrite, v] = overwriteValue(value);
        if (isOverwrite) {
          result[key] = { [OVERWRITE]: await validated(key, def.valueSchema, v) };
          continue;
        }
        schema = def.inputSchema;
      } else schema = UntrackedValue.isInstance(def) ? def.schema : def;
      result[key] = isStandardSchema(schema) ? await validated(key, schema, value) : value;
    }
    return result;
  }

  static isInstance(value: unknown): value is StateSchema {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[STATE_SCHEMA] === true;
  }
}

/** The channel spec of a DeltaValue key (its initial value: the value schema's default, else `[]`). */
function deltaSpec(value: DeltaValue): ChannelSpec {
  const initial = schemaDefaultGetter(value.valueSchema);
  return specOf(new DeltaChannel(value.reducer, { snapshotFrequency: value.snapshotFrequency, ...(initial ? { initialValueFactory: initial } : {}) }), value.reducer);
}

async function validated(key: string, schema: unknown, value: unknown): Promise<unknown> {
  if (!isStandardSchema(schema)) return value;
  const r = await schema['~standard'].validate(value);
  if (r.issues) throw new Error(`Validation failed for field "${key}": ${JSON.stringify(r.issues)}`);
  return r.value;
}

/** A schema accepting anything, with a default (`MessagesValue`'s, without depending on zod here). */
function anySchema(defaultValue?: () => unknown): StandardSchemaLike {
  return { '~standard': { validate: (value) => ({ value: value === undefined && defaultValue ? defaultValue() : value }) } };
}

/** A messages key: `messagesStateReducer`, default `[]`. */
export const MessagesValue = new ReducedValue(anySchema(() => []), {
  inputSchema: anySchema(),
  reducer: messagesStateReducer as (a: unknown, b: unknown) => unknown,
  jsonSchemaExtra: { langgraph_type: 'messages', description: 'A list of chat messages' },
});

/** A messages key backed by a DeltaChannel: `messagesDeltaReducer`, default `[]`. */
export const MessagesDeltaValue = new DeltaValue(anySchema(() => []), {
  inputSchema: anySchema(),
  reducer: messagesDeltaReducer as (a: unknown, b: unknown[]) => unknown,
  jsonSchemaExtra: { langgraph_type: 'messages', description: 'A list of chat messages' },
});
