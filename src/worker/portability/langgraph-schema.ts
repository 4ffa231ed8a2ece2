/**
 * The shape of a LangGraph thread history as the LangGraph API returns it
 * (`client.threads.getHistory(threadId)` in @langchain/langgraph-sdk: `ThreadState[]`, newest
 * first). Objects are loose (unknown extra fields are allowed and ignored) because the API adds
 * fields over time; every field we use is checked.
 */
import * as z from 'zod';
import type { ImportLimits } from './limits';

/** The fields of `ThreadState` the importer reads. */
export interface LangGraphThreadState {
  values: Record<string, unknown> | unknown[];
  next: string[];
  checkpoint: { thread_id: string; checkpoint_ns: string; checkpoint_id: string; checkpoint_map?: unknown };
  metadata?: Record<string, unknown> | null;
  created_at?: string | null;
  parent_checkpoint?: { thread_id?: string; checkpoint_ns?: string; checkpoint_id?: string | null } | null;
  tasks: LangGraphTask[];
}

/** The fields of `ThreadTask` the importer reads. */
export interface LangGraphTask {
  id: string;
  name: string;
  error?: string | Record<string, unknown> | null;
  interrupts?: { id?: string; value?: unknown }[];
  result?: unknown;
  state?: unknown;
}

/** Builds the schema of a history for the given limits. */
export function langGraphHistorySchema(limits: ImportLimits) {
  const id = z.string().min(1).max(limits.maxIdLength);
  const name = z.string().max(limits.maxIdLength);
  const json = z.unknown();
  const interrupt = z.looseObject({ id: z.string().max(limits.maxIdLength).optional(), value: json.optional() });
  const task = z.looseObject({
    id,
    name: id,
    error: z.union([z.string(), z.record(z.string(), json)]).nullable().optional(),
    interrupts: z.array(interrupt).max(limits.maxWritesPerCheckpoint).optional(),
    result: json.optional(),
    state: json.optional(),
  });
  const state = z.looseObject({
    values: z.union([z.record(name, json), z.array(json)]),
    next: z.array(name),
    checkpoint: z.looseObject({ thread_id: id, checkpoint_ns: name, checkpoint_id: id, checkpoint_map: json.optional() }),
    metadata: z.record(z.string(), json).nullable().optional(),
    created_at: z.string().max(64).nullable().optional(),
    parent_checkpoint: z
      .looseObject({ thread_id: id.optional(), checkpoint_ns: name.optional(), checkpoint_id: id.nullable().optional() })
      .nullable()
      .optional(),
    tasks: z.array(task).max(limits.maxWritesPerCheckpoint),
  });
  return z.array(state).min(1, 'The history is empty: there is nothing to import.').max(limits.maxCheckpoints);
}
