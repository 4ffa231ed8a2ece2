/**
 * Foreign checkpoint stores: open the checkpoints LangGraph apps already write (SQLite files of
 * both savers, with their WAL; the JS dev server's JSON store; Postgres dumps), list their
 * threads and namespaces, read their checkpoints decoded to the engine's types. See README.md.
 */
export { openCheckpointSource, type OpenOptions, type OpenResult } from './open';
export type {
  CheckpointPageOptions,
  CheckpointSource,
  CheckpointSummary,
  DeltaProvenance,
  ForeignCheckpoint,
  ForeignSaverOptions,
  ForeignWrite,
  NamespaceSummary,
  ReadOnlyCheckpointSaver,
  SourceInfo,
  ThreadDescription,
  StoreFormat,
  ThreadSummary,
  WalReport,
} from './types';
export { bytesSource, countingSource, type ByteSource, type ReadStats } from './bytes/byte-source';
export { blobSource, workerBlobReader, type BlobLike, type SyncBlobReader } from './bytes/blob-source';
export { openFiles, type FileLike, type OpenFilesOptions } from './open-files';
export { FormatError, toFormatErrorData, type FormatErrorCode } from './errors';
export { DEFAULT_LIMITS, type DecodeLimits, type FormatLimits, type SourceLimits } from './options';
export { loadSqlite, type SqliteLoadOptions } from './sqlite/wasm';
export { decodeTyped, type TypedBlob } from './serde/typed';
export type { BlobDecoder } from './decode/large-values';
export {
  isChatMessage,
  isDeltaSnapshot,
  isOpaque,
  tagOf,
  type BytesValue,
  type ChatMessage,
  type CollectionValue,
  type DeltaSnapshotValue,
  type DictValue,
  type MapValue,
  type NdArrayValue,
  type ObjectValue,
  type OpaqueValue,
  type ScalarValue,
  type TaggedValue,
} from './serde/values';
export { toEngineValue, engineValueMapper, type MessageClasses, type EngineValueOptions } from './engine-values';
