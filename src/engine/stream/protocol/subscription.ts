/**
 * Which protocol events a subscription (`{ channels, namespaces?, depth?, since? }`) receives,
 * as LangGraph.js 1.7.3 matches them.
 */
import type { Namespace, ProtocolEvent } from './types';

/** The channels a subscription may name (plus `custom:<name>`). */
export const SUPPORTED_CHANNELS: ReadonlySet<string> = new Set(['values', 'updates', 'messages', 'tools', 'lifecycle', 'input', 'checkpoints', 'tasks', 'custom']);

/** An event as far as matching reads it. */
export interface MatchableEvent {
  seq?: number;
  method: string;
  params: { namespace: Namespace; data?: unknown };
}

/** What a subscription asks for. */
export interface SubscriptionDefinition {
  channels: readonly string[];
  /** Namespace prefixes; none: every namespace. */
  namespaces?: readonly Namespace[];
  /** How many levels below a prefix still match. */
  depth?: number;
  /** Only events with a greater `seq`. */
  since?: number;
}

/** A namespace segment without its `:<task id>` suffix. */
export function normalizeNamespaceSegment(segment: string): string {
  const at = segment.indexOf(':');
  return at === -1 ? segment : segment.slice(0, at);
}

/**
 * True when `prefix` starts `namespace`. A prefix segment without a `:` also matches a segment
 * that has one (`agent` matches `agent:3`); one with a `:` matches only itself.
 */
export function isPrefixMatch(namespace: Namespace, prefix: Namespace): boolean {
  if (prefix.length > namespace.length) return false;
  return prefix.every((seg, i) => {
    const candidate = namespace[i] as string;
    if (candidate === seg) return true;
    return !seg.includes(':') && normalizeNamespaceSegment(candidate) === seg;
  });
}

/** True for a channel a subscription may name. */
export function isSupportedChannel(value: string): boolean {
  return SUPPORTED_CHANNELS.has(value) || value.startsWith('custom:');
}

/** The channel an event belongs to (`custom:<name>` for a named custom event), if any. */
export function inferChannel(event: MatchableEvent | ProtocolEvent): string | undefined {
  switch (event.method) {
    case 'values':
    case 'checkpoints':
    case 'updates':
    case 'messages':
    case 'tools':
    case 'lifecycle':
    case 'tasks':
      return event.method;
    case 'custom': {
      const data = event.params.data as { name?: unknown } | null | undefined;
      return data?.name != null ? `custom:${String(data.name)}` : 'custom';
    }
    case 'input':
    case 'input.requested':
    case 'input.answered':
      return 'input';
    default:
      return undefined;
  }
}

function namespaceMatches(ns: Namespace, prefixes: readonly Namespace[] | undefined, depth: number | undefined): boolean {
  if (!prefixes || prefixes.length === 0) return true;
  return prefixes.some((p) => isPrefixMatch(ns, p) && (depth === undefined || ns.length - p.length <= depth));
}

/** True when `event` is one `definition` receives. */
export function matchesSubscription(event: MatchableEvent | ProtocolEvent, definition: SubscriptionDefinition): boolean {
  if (typeof definition.since === 'number' && (event.seq ?? 0) <= definition.since) return false;
  const channel = inferChannel(event);
  if (channel === undefined) return false;
  const wanted = definition.channels.includes(channel) || (channel.startsWith('custom:') && definition.channels.includes('custom'));
  return wanted && namespaceMatches(event.params.namespace, definition.namespaces, definition.depth);
}
