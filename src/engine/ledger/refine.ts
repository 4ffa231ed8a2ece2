/** Computed ledger entries refined by the engine's recorded decisions, where they exist. */
import type { LedgerEntry, LedgerRecord } from './types';

/**
 * `computed` with each entry replaced by the record of its (task, channel), when `records` (of
 * the same checkpoint) has one. Entries without a record keep the computed answer.
 */
export function refineLedger(computed: readonly LedgerEntry[], records: readonly LedgerRecord[]): LedgerEntry[] {
  const byKey = new Map(records.map((r) => [`${r.taskId}\u0000${r.channel}`, r]));
  return computed.map((entry) => {
    const r = byKey.get(`${entry.taskId}\u0000${entry.channel}`);
    return r ? { ...entry, disposition: r.disposition, reason: r.reason, basis: 'recorded' } : entry;
  });
}
