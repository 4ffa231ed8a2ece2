/**
 * The write ledger (entry `src/engine/ledger`): what happened to each pending write of a
 * checkpoint. Pure functions over plain data; see `src/engine/README.md` ("Write ledger").
 */
export type { ChannelRules, ControlSignal, DiscardCause, Disposition, DispositionKind, DispositionStep, LedgerRule, LedgerCheckpoint, LedgerEntry, LedgerInput, LedgerRecord } from './types';
export { computeLedger } from './compute';
export { LedgerRecorder, recordLedger } from './record';
export { refineLedger } from './refine';
export { controlSignalOf } from './rules';
export { TickTracker, checkpointsAbout, type OpenTick, type TickPlacement, type TickEventLike } from '../../shared/ticks';
