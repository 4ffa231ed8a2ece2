/**
 * Thread export and import: the worker's entry points. The host calls `exportForHost` and
 * `importForHost` (host-glue.ts); the rest is exported for tests and other callers.
 */
export { exportForHost, importForHost, toTraceRecords, type HostExport } from './host-glue';
export { importAnyThread, previewImport, type ImportFormat, type ImportPreview } from './import-any';
export { exportThread, exportFileName, serializeThreadExport, type ExportExtras, type ExportResult } from './export';
export { importThread, validateThreadExport, type ImportedExtras, type ImportOptions, type ImportResult, type ImportSummary } from './import';
export {
  importLangGraphHistory, isImportedReadOnly, mapLangGraphHistory, parseLangGraphHistory, IMPORTED_FROM_LANGGRAPH, ROOT_CHANNEL, type LangGraphImportOptions,
} from './langgraph';
export { importedNext, importedTasks } from './langgraph-view';
export { THREAD_FORMAT, THREAD_FORMAT_VERSION, type ExportedCheckpoint, type ThreadExportV1 } from './format';
export { DEFAULT_IMPORT_LIMITS, type ImportLimits } from './limits';
export { importedGraphId, type ImportedGraphId, type KnownGraph } from './graph-id';
export type { PortabilityError, PortabilityErrorCode, PortabilityIssue } from './issues';
