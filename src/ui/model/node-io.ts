/**
 * The line a graph node shows under its name at the selected checkpoint: what it read (the
 * channels that triggered it) and what it wrote (its pending writes' channels), in the human
 * words for LangGraph's own channels. The full facts (attempts, retried errors, duration) stay in
 * the node's tooltip (node-facts.ts).
 */
import type { NodeFacts } from './node-facts';
import { channelWords } from './words';

const named = (c: string) => channelWords(c) ?? c;
const list = (cs: readonly string[]) => (cs.length > 0 ? cs.map(named).join(', ') : '—');

/** `read a, b → wrote c` for a node's facts. */
export function nodeIoLine(f: Pick<NodeFacts, 'read' | 'wrote'>): string {
  return `read ${list(f.read)} → wrote ${list(f.wrote)}`;
}
