/**
 * JSON Schemas of a graph's state, update, input, output and config (LangGraph.js
 * `@langchain/langgraph/zod/schema`), from its StateSchema or zod schemas. Metadata such as
 * `langgraph_type: 'messages'` appears on the keys it belongs to.
 */
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import type { InteropZodObject } from '@langchain/core/utils/types';
import { StateSchema } from './state_schema';
import { schemaMetaRegistry, type SchemaMetaRegistry } from './zod';

type Graph = { builder?: { stateRuntime?: unknown; inputRuntime?: unknown; outputRuntime?: unknown; contextRuntime?: unknown } };

/** Moves `lg:{…}` descriptions back into the JSON schema as keys. */
function extrasFromDescription(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(extrasFromDescription);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, extrasFromDescription(v)]));
  if (typeof out.description === 'string' && out.description.startsWith('lg:')) {
    const extra = JSON.parse(out.description.slice(3)) as Record<string, unknown>;
    delete out.description;
    Object.assign(out, extra);
  }
  return out;
}

function zodJson(registry: SchemaMetaRegistry, schema: unknown, effects: { withReducerSchema?: boolean; asPartial?: boolean }): unknown {
  const extended = registry.getExtendedChannelSchemas(schema as InteropZodObject, { ...effects, withJsonSchemaExtrasAsDescription: true });
  return extrasFromDescription(toJsonSchema(extended as never));
}

export function getStateTypeSchema(graph: unknown, registry = schemaMetaRegistry): unknown {
  const def = (graph as Graph)?.builder?.stateRuntime;
  if (!def) return undefined;
  return StateSchema.isInstance(def) ? def.getJsonSchema() : zodJson(registry, def, {});
}

export function getUpdateTypeSchema(graph: unknown, registry = schemaMetaRegistry): unknown {
  const def = (graph as Graph)?.builder?.stateRuntime;
  if (!def) return undefined;
  return StateSchema.isInstance(def) ? def.getInputJsonSchema() : zodJson(registry, def, { withReducerSchema: true, asPartial: true });
}

export function getInputTypeSchema(graph: unknown, registry = schemaMetaRegistry): unknown {
  const b = (graph as Graph)?.builder;
  const def = b?.inputRuntime ?? b?.stateRuntime;
  if (!def) return undefined;
  return StateSchema.isInstance(def) ? def.getInputJsonSchema() : zodJson(registry, def, { withReducerSchema: true, asPartial: true });
}

export function getOutputTypeSchema(graph: unknown, registry = schemaMetaRegistry): unknown {
  const b = (graph as Graph)?.builder;
  const def = b?.outputRuntime ?? b?.stateRuntime;
  if (!def) return undefined;
  return StateSchema.isInstance(def) ? def.getJsonSchema() : zodJson(registry, def, {});
}

export function getConfigTypeSchema(graph: unknown, registry = schemaMetaRegistry): unknown {
  const def = (graph as Graph)?.builder?.contextRuntime;
  if (!def) return undefined;
  return zodJson(registry, def, {});
}
