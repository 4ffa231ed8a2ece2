/**
 * Plain-data shapes that cross the worker boundary. Nothing here is an engine object: the worker's
 * host maps engine values to these (see src/worker), and the UI reads only these. One file per
 * subject (dto-*.ts); this module gathers them.
 *
 * Values of user state are `Json`: the host makes them JSON-safe (functions, cycles, class instances
 * are turned into descriptive strings) so the UI can always show them as text.
 */
export type { RemoteFaultDTO, SourcePosition, WireError } from './wire-types';
export type { Json } from './dto-json';
export type { ChannelKind, GraphChannelDTO, GraphEdgeDTO, GraphInfo, GraphNodeDTO, GraphQuarantine, GraphShape, GraphWiringDTO, UserCodeErrorDTO } from './dto-graph';
export type { ImportedThreadDTO, ImportPreviewDTO, ImportProblemDTO } from './dto-portability';
export type { NamespaceNode, ThreadStatus, ThreadSummary } from './dto-thread';
export type {
  CheckpointDetail, CheckpointSource, CheckpointSummary, DispositionStep, HistoryPage, InterruptDTO, PendingWriteDTO, RemoteDetailDTO, TaskDTO, TaskUncertainty, TriggerDTO, WriteDisposition,
} from './dto-checkpoint';
export type { DetailField, SliceDTO, StateChangeDTO, TruncationDTO } from './dto-cut';
export type { ResumeValue, RunControls, RunKind, RunOutcome, RunSummary } from './dto-run';
export type { ConsoleLineDTO, ProgramCall, ProgramEndDTO, ProgramThreadDTO } from './dto-program';
