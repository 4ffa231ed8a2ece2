/**
 * Node cache: a task whose node has a cache policy and whose input was seen before is not run;
 * the writes it produced then are used instead (streamed as `__metadata__: { cached: true }`).
 */

import type { PendingWriteValue } from '../checkpoint/types';
import type { PreparedTask } from './types';

/** A node's cache policy (LangGraph.js names). */
export interface CachePolicy {
  /** The cache key of a node input. @default JSON.stringify of `[input]` */
  keyFunc?: (args: unknown[]) => string;
  /** Seconds a cached result stays valid. @default forever */
  ttl?: number;
}

/** Where a task's result lives in the cache. */
export interface CacheKey {
  ns: string[];
  key: string;
  ttl?: number;
}

export type CacheFullKey = [ns: string[], key: string];

/** The cache port (LangGraph.js `BaseCache`). Values are plain data. */
export interface BaseCache<V = unknown> {
  get(keys: CacheFullKey[]): Promise<{ key: CacheFullKey; value: V }[]>;
  set(pairs: { key: CacheFullKey; value: V; ttl?: number }[]): Promise<void>;
  /** Clears the given namespaces, or everything. */
  clear(namespaces: string[][]): Promise<void>;
}

// Every runtime the engine targets has it; the engine's tsconfig has no DOM or Node types.
declare function structuredClone<T>(value: T): T;
const clone = <T>(value: T): T => structuredClone(value);

/** An in-memory cache. `now` is injectable so TTL tests need no waiting. */
export class InMemoryCache<V = unknown> implements BaseCache<V> {
  private readonly entries = new Map<string, Map<string, { value: V; exp: number | undefined }>>();
  constructor(private readonly options: { now?: () => number } = {}) {}
  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
  async get(keys: CacheFullKey[]): Promise<{ key: CacheFullKey; value: V }[]> {
    const out: { key: CacheFullKey; value: V }[] = [];
    const now = this.now();
    for (const key of keys) {
      const byKey = this.entries.get(key[0].join(','));
      const hit = byKey?.get(key[1]);
      if (!hit) continue;
      if (hit.exp !== undefined && now >= hit.exp) {
        byKey!.delete(key[1]);
        continue;
      }
      out.push({ key, value: clone(hit.value) });
    }
    return out;
  }
  async set(pairs: { key: CacheFullKey; value: V; ttl?: number }[]): Promise<void> {
    const now = this.now();
    for (const { key, value, ttl } of pairs) {
      const ns = key[0].join(',');
      let byKey = this.entries.get(ns);
      if (!byKey) this.entries.set(ns, (byKey = new Map()));
      byKey.set(key[1], { value: clone(value), exp: ttl != null ? now + ttl * 1000 : undefined });
    }
  }
  async clear(namespaces: string[][]): Promise<void> {
    if (namespaces.length === 0) this.entries.clear();
    for (const ns of namespaces) this.entries.delete(ns.join(','));
  }
}

/** The cache key of a task of `node` with `input`, or undefined when the node has no policy. */
export function cacheKeyOf(node: string, policy: CachePolicy | undefined, input: unknown, ns: string[] = [node, node]): CacheKey | undefined {
  if (!policy) return undefined;
  const key = (policy.keyFunc ?? JSON.stringify)([input]);
  return { ns: ['__pregel_ns_writes', ...ns], key, ttl: policy.ttl };
}

/** A task served from the node cache, with the writes its earlier run produced. */
export interface CacheHit {
  task: PreparedTask;
  writes: PendingWriteValue[];
}

/**
 * The tasks among `tasks` whose input is in the node cache (those with a cache key and no writes
 * yet), with their cached writes, in the cache's answer order. The loop serves them.
 */
export async function lookupCached(cache: BaseCache, tasks: readonly PreparedTask[]): Promise<CacheHit[]> {
  const candidates = tasks.filter((t) => t.cacheKey && t.writes.length === 0);
  if (candidates.length === 0) return [];
  const byKey = new Map(candidates.map((t) => [JSON.stringify([t.cacheKey!.ns, t.cacheKey!.key]), t]));
  const hits: CacheHit[] = [];
  for (const { key, value } of await cache.get(candidates.map((t) => [t.cacheKey!.ns, t.cacheKey!.key]))) {
    const task = byKey.get(JSON.stringify(key));
    if (task) hits.push({ task, writes: [...(value as PendingWriteValue[])] });
  }
  return hits;
}
