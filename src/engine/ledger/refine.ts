/** Computed ledger entries refined by the engine's recorded decisions, where they exist. */
import type { LedgerEntry, LedgerRecord } from './types';

/**
 * `computed` with each entry replaced by the record of its (task, channel), when `records` (of
 * the same checkpoint) has one. Entries without a record keep the computed answer, and so do
 * settled computed entries whose record is still `pending`: a child checkpoint is hard evidence
 * that the step moved on, and a record built from part of a trace may have missed the event.
 */
export function refineLedger(computed: readonly LedgerEntry[], records: readonly LedgerRecord[]): LedgerEntry[] {
  const byKey = new Map(records.map((r) => [`${r.taskId}\u0000${r.channel}`, r]));
  return computed.map((entry): LedgerEntry => {
    const r = byKey.get(`${entry.taskId}\u0000${entry.channel}`);
    if (!r || (r.disposition.kind === 'pending' && entry.disposition.kind !== 'pending')) return entry;
    const { alternatives: _a, ...rest } = entry;
    return { ...rest, disposition: r.disposition, reason: r.reason, history: r.history, basis: 'recorded' };
  });
}
