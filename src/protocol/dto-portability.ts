/** What the page is told about a thread file: its preview, why an import was refused, and the imported thread. */
/** What an import file holds (checked completely, nothing written). */
export interface ImportPreviewDTO {
  format: 'replaygraph' | 'langgraph';
  threadId: string;
  graphId: string | null;
  /** True when the file carries the graph's TypeScript source. */
  hasSource: boolean;
  /** That source, to be read before agreeing to run it (shown as text, never markup). */
  graphSource: string | null;
  /** True when that source would be registered (its graph is not known here); it runs only if the user agrees. */
  sourceWouldRun: boolean;
  checkpoints: number;
  namespaces: string[];
  runs: number;
  readOnly: boolean;
  /** True when a thread with the file's id exists already (the import then needs another id). */
  threadExists: boolean;
}

/** Why an import was refused: the first problem with its JSON path, and the first few others. */
export interface ImportProblemDTO {
  code: string;
  message: string;
  path: string | null;
  issues: { path: string; message: string }[];
}

/** A thread that was imported. */
export interface ImportedThreadDTO {
  threadId: string;
  format: 'replaygraph' | 'langgraph';
  graphId: string | null;
  checkpoints: number;
  readOnly: boolean;
  /** Set when the file's graph source was registered as a user graph (its id was unknown and the user agreed). */
  registeredGraphId: string | null;
  /** Set when the file's graph source was kept without running it (not approved, or it failed to load). */
  quarantinedGraphId: string | null;
}
