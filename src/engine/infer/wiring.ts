/**
 * Which channels trigger which node, when the graph is not known: read from channel names
 * (LangGraph names a node's trigger channels after it) and from `versions_seen` (LangGraph records
 * there the versions of the trigger channels a node saw when it ran). What one checkpoint does not
 * show, other checkpoints of the same namespace may (`observeWiring`).
 */
import { INPUT, INTERRUPT, START } from '../constants';
import type { GraphWiring, InferCheckpoint, ObservedWiring } from './types';

/** Keys of `versions_seen` that are not nodes. */
const NOT_NODES: ReadonlySet<string> = new Set([INTERRUPT, INPUT]);

/**
 * The node a trigger channel's name points at, or null for other channels:
 * `branch:to:<node>` (current LangGraph), `join:<a+b>:<node>` (LangGraph.js's barrier of
 * several sources), `start:<node>` and `branch:<source>:<condition>:<node>` (older versions).
 */
export function channelTarget(channel: string): string | null {
  if (channel.startsWith('branch:to:')) return channel.slice('branch:to:'.length) || null;
  if (channel.startsWith('start:')) return channel.slice('start:'.length) || null;
  if (channel.startsWith('join:') || channel.startsWith('branch:')) {
    const last = channel.lastIndexOf(':');
    const target = channel.slice(last + 1);
    return target && last > channel.indexOf(':') ? target : null;
  }
  return null;
}

/** The sources a barrier channel waits for (`join:<a+b>:<node>`), or null for other channels. */
export function barrierSources(channel: string): string[] | null {
  if (!channel.startsWith('join:')) return null;
  const body = channel.slice('join:'.length, channel.lastIndexOf(':'));
  return body ? body.split('+') : null;
}

/** Adds `item` to `list` when it is not there yet. */
function add(list: string[], item: string): void {
  if (!list.includes(item)) list.push(item);
}

/**
 * Accumulates what checkpoints of one namespace show about the graph's wiring: every node seen
 * (in `versions_seen`, or named by a trigger channel) in the order first seen, and each node's
 * trigger channels from its `versions_seen`. Pass checkpoints oldest first for a stable order.
 */
export function observeWiring(checkpoints: Iterable<Pick<InferCheckpoint, 'channel_versions' | 'versions_seen'>>, into: ObservedWiring = { nodes: [], triggers: {} }): ObservedWiring {
  for (const c of checkpoints) {
    for (const [node, seen] of Object.entries(c.versions_seen ?? {})) {
      if (NOT_NODES.has(node)) continue;
      add(into.nodes, node);
      const list = (into.triggers[node] ??= []);
      for (const chan of Object.keys(seen ?? {})) add(list, chan);
    }
    for (const chan of Object.keys(c.channel_versions ?? {})) {
      const target = channelTarget(chan);
      if (target !== null) add(into.nodes, target);
    }
  }
  return into;
}

/**
 * Each node's trigger channels as far as the checkpoint (and what other checkpoints showed) tells:
 * the channels named after it first (`branch:to:` before older names), then the channels its
 * `versions_seen` holds. `__start__` triggers the nodes seen reading it; when none was, a node
 * named `__start__` (a StateGraph's; a functional API's entrypoint is seen reading it once it ran).
 */
export function inferWiring(checkpoint: Pick<InferCheckpoint, 'channel_versions' | 'versions_seen'>, observed?: ObservedWiring): GraphWiring {
  const known = observeWiring([checkpoint], { nodes: [...(observed?.nodes ?? [])], triggers: Object.fromEntries(Object.entries(observed?.triggers ?? {}).map(([k, v]) => [k, [...v]])) });
  const named = new Map<string, string[]>();
  for (const chan of Object.keys(checkpoint.channel_versions ?? {})) {
    const target = channelTarget(chan);
    if (target === null) continue;
    const list = named.get(target) ?? [];
    list.push(chan);
    named.set(target, list);
  }
  const rank = (c: string) => (c.startsWith('branch:to:') ? 0 : c.startsWith('join:') ? 1 : 2);
  const startReaders = known.nodes.filter((n) => known.triggers[n]?.includes(START));
  if (START in (checkpoint.channel_versions ?? {}) && startReaders.length === 0 && !known.nodes.includes(START)) known.nodes.unshift(START);
  const nodes = known.nodes.map((name) => {
    const triggers = [...(named.get(name) ?? [])].sort((a, b) => rank(a) - rank(b));
    for (const chan of known.triggers[name] ?? []) add(triggers, chan);
    if (name === START) add(triggers, START);
    return { name, triggers };
  });
  return { nodes };
}
