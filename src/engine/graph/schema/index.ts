/**
 * State schemas of every form a `StateGraph` accepts, reduced to channel specs: `Annotation.Root`,
 * a state definition (`{ key: Annotation<T>(), … }`), `StateSchema`, a zod object schema, or the
 * legacy `{ channels }`. Also how graph input and node updates are validated, by the schema kinds
 * that validate (StateSchema, zod).
 */
import type { InteropZodObject } from '@langchain/core/utils/types';
import type { ChannelSpec } from '../../channels/base';
import { StateGraphInputError } from '../../errors';
import { isCommand, type Command } from '../../types';
import { AnnotationRoot, specsOf } from '../annotation';
import { StateSchema } from './state_schema';
import { isZodObject, parseZodInput, parseZodUpdates, schemaMetaRegistry } from './zod';

/** A schema that validates at run time (the others only shape channels). */
export type RuntimeSchema = StateSchema | InteropZodObject;

const isChannelDefLike = (v: unknown) => typeof v === 'function' || (typeof v === 'object' && v !== null && (v as { lg_kind?: unknown }).lg_kind === 'ChannelDef');

/** LangGraph.js `isStateDefinitionInit`: something a StateGraph can take as a schema. */
export function isStateDefinitionInit(value: unknown): boolean {
  if (value == null) return false;
  if (StateSchema.isInstance(value) || isZodObject(value) || value instanceof AnnotationRoot) return true;
  if (typeof value === 'object' && (value as { lc_graph_name?: unknown }).lc_graph_name === 'AnnotationRoot') return true;
  return typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0 && Object.values(value).every(isChannelDefLike);
}

/** LangGraph.js `isStateGraphInit`: the object form `{ state | stateSchema | input, output? }`. */
export function isStateGraphInit(value: unknown): value is StateGraphInit {
  if (typeof value !== 'object' || value == null) return false;
  const o = value as Record<string, unknown>;
  const has = (k: string) => k in o && isStateDefinitionInit(o[k]);
  if (!has('state') && !has('stateSchema') && !has('input')) return false;
  if (o.input != null && !isStateDefinitionInit(o.input)) return false;
  if (o.output != null && !isStateDefinitionInit(o.output)) return false;
  return true;
}

/** The object form of the StateGraph constructor. */
export interface StateGraphInit {
  state?: unknown;
  stateSchema?: unknown;
  input?: unknown;
  output?: unknown;
  context?: unknown;
}

/** The channel spec of each key of `schema`. */
export function channelsOf(schema: unknown): Record<string, ChannelSpec> {
  if (StateSchema.isInstance(schema)) return schema.getChannelSpecs();
  if (isZodObject(schema)) return schemaMetaRegistry.getChannelsForSchema(schema);
  if (schema instanceof AnnotationRoot || (schema && typeof schema === 'object')) {
    if (!(schema instanceof AnnotationRoot) && !('channels' in schema) && Object.keys(schema).length === 0) throw new StateGraphInputError();
    return specsOf(schema);
  }
  throw new StateGraphInputError();
}

/** The schema kinds that validate, or undefined. */
export function runtimeSchemaOf(schema: unknown): RuntimeSchema | undefined {
  return StateSchema.isInstance(schema) || isZodObject(schema) ? (schema as RuntimeSchema) : undefined;
}

/** A node's state updates validated by the state schema (LangGraph.js `validateStateUpdates`). */
export async function validateUpdates(schema: RuntimeSchema | undefined, updates: [string, unknown][]): Promise<[string, unknown][]> {
  if (!schema || updates.length === 0) return updates;
  if (StateSchema.isInstance(schema)) {
    const keys = new Set(schema.getChannelKeys());
    return Promise.all(
      updates.map(async ([k, v]): Promise<[string, unknown]> => {
        if (!keys.has(k)) return [k, v];
        const parsed = (await schema.validateInput({ [k]: v })) as Record<string, unknown>;
        return [k, Object.prototype.hasOwnProperty.call(parsed, k) ? parsed[k] : v];
      }),
    );
  }
  return parseZodUpdates(schema, updates);
}

/**
 * Graph input validated by the input schema (`partialOf`: no input schema of its own, so the state
 * schema with every key optional). A Command's `update` is validated the same way.
 */
export async function validateInput(input: unknown, inputSchema: RuntimeSchema | undefined, partialOf: RuntimeSchema | undefined): Promise<unknown> {
  const schema = inputSchema ?? partialOf;
  if (input == null || !schema) return input;
  const check = async (value: unknown): Promise<unknown> => {
    if (StateSchema.isInstance(schema)) return schema.validateInput(value);
    return parseZodInput(schema, value, inputSchema === undefined);
  };
  if (isCommand(input)) {
    const cmd = input as Command;
    if (cmd.update) {
      const obj = Array.isArray(cmd.update) ? Object.fromEntries(cmd.update as [string, unknown][]) : (cmd.update as Record<string, unknown>);
      const parsed = (await check(obj)) as Record<string, unknown>;
      // zod drops unknown keys: a Command keeps the keys it was given.
      cmd.update = StateSchema.isInstance(schema) ? parsed : Object.fromEntries(Object.keys(obj).map((k) => [k, parsed[k]]));
    }
    return cmd;
  }
  return check(input);
}
