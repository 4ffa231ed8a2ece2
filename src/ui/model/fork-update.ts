/**
 * What a fork sends, and the words that say how it will be applied. The fork form shows the
 * checkpoint's state; LangGraph's `updateState` runs each key it is given through that key's
 * channel (a reducer appends or merges), so only the top-level keys the person changed are sent.
 * A key with a reducer can be sent as an `Overwrite` instead, which replaces its value.
 */
import type { ChannelKind, GraphChannelDTO, GraphShape, Json } from '../../protocol/dto';
import { OVERWRITE_WIRE_KEY } from '../../protocol/dto-graph';
import { nsLevels } from './ns-path';

/** Deep equality of two JSON values (object key order does not matter). */
export function sameJson(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => sameJson(v, b[i]));
  }
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson(a[k], b[k]));
}

/**
 * The top-level keys of `edited` that differ from `shown` (new keys included), in the edited
 * text's order, and the shown keys the text no longer has (a fork cannot delete a key: they stay).
 */
export function changedKeys(shown: Record<string, Json>, edited: Record<string, Json>): { changed: string[]; kept: string[] } {
  const has = (o: Record<string, Json>, k: string) => Object.prototype.hasOwnProperty.call(o, k);
  const changed = Object.keys(edited).filter((k) => !has(shown, k) || !sameJson(shown[k], edited[k]));
  const kept = Object.keys(shown).filter((k) => !has(edited, k));
  return { changed, kept };
}

/** The channel list of the graph at namespace `ns` (a subgraph's own for a subgraph namespace); undefined when not known. */
export function channelsAt(shape: GraphShape | undefined, ns: string): GraphChannelDTO[] | undefined {
  let at = shape;
  for (const level of nsLevels(ns)) at = at?.nodes.find((n) => n.id === level.node)?.subgraph;
  return at?.channels;
}

/** What the page knows of the graph's channels, and whether an Overwrite can be sent. */
export type ForkChannels =
  | { known: true; channels: readonly GraphChannelDTO[] }
  | { known: false; why: string };

/** Why the channel kinds of a server thread's keys are not known, and why no Overwrite is offered there. */
export const SERVER_CHANNELS_UNKNOWN =
  'the LangGraph server does not say which keys have a reducer; an Overwrite written to a key without one would be stored as the value itself';
/** Why the channel kinds are not known for a local graph that does not list them (an entrypoint). */
export const GRAPH_CHANNELS_UNKNOWN = 'this graph does not list its state keys (a functional-API entrypoint)';

/** How one key of the update is applied: its channel kind, or not known, or not a key of the state. */
export type KeyHow = ChannelKind | 'unknown' | 'not-in-state';

/** One line of the preview: a key that will be sent and how it will be applied. */
export interface ForkLine {
  key: string;
  how: KeyHow;
  /** Sent as an Overwrite (only ever for a `reducer` key). */
  overwrite: boolean;
  /** Can the person choose to overwrite this key? */
  canOverwrite: boolean;
  text: string;
}

/** The words for how a key is applied. */
export function howText(key: string, how: KeyHow, overwrite: boolean, why = ''): string {
  switch (how) {
    case 'reducer':
      return overwrite
        ? `${key} has a reducer, overwritten: your value replaces the current one`
        : `${key} has a reducer: your value is appended or merged by it, not put in place of the current one`;
    case 'last-value': return `${key} replaces the value`;
    case 'ephemeral': return `${key} replaces the value for the next step only (an ephemeral channel)`;
    case 'topic': return `${key} is a topic: your value is added to the values it holds`;
    case 'other': return `${key} is a special channel: how your value is applied is up to it`;
    case 'not-in-state': return `${key} is not one of this graph's state keys`;
    case 'unknown': return `${key}: not known whether it has a reducer (${why}); if it has one, your value is appended or merged by it`;
  }
}

/** What the fork will send and the preview of it. */
export interface ForkPlan {
  /** The update: only the changed keys (Overwrite-wrapped where chosen); null when nothing changed. */
  values: Record<string, Json> | null;
  lines: ForkLine[];
  /** Keys shown but removed from the text: not sent, they keep their value. */
  kept: string[];
}

/**
 * The update for a fork from the `shown` state after the person's edit, with the keys in
 * `overwrite` (those with a reducer) sent as LangGraph's Overwrite.
 */
export function forkPlan(shown: Record<string, Json>, edited: Record<string, Json>, channels: ForkChannels, overwrite: ReadonlySet<string>): ForkPlan {
  const { changed, kept } = changedKeys(shown, edited);
  const kinds = channels.known ? new Map(channels.channels.map((c) => [c.name, c.kind])) : null;
  const why = channels.known ? '' : channels.why;
  const lines = changed.map((key): ForkLine => {
    const how: KeyHow = kinds === null ? 'unknown' : (kinds.get(key) ?? 'not-in-state');
    const canOverwrite = how === 'reducer';
    const over = canOverwrite && overwrite.has(key);
    return { key, how, overwrite: over, canOverwrite, text: howText(key, how, over, why) };
  });
  if (lines.length === 0) return { values: null, lines, kept };
  const values = Object.fromEntries(lines.map((l) => [l.key, l.overwrite ? { [OVERWRITE_WIRE_KEY]: edited[l.key] } : edited[l.key]]));
  return { values, lines, kept };
}
