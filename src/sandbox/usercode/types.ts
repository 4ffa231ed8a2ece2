/**
 * Plain-data results of compiling a user graph. Everything here is structured-clone safe so the
 * worker can send it to the page as is.
 */

/** Where a problem with user code comes from. */
/** `import`: an unknown module, or a name its module does not export (positioned at the name). */
export type UserCodeErrorKind = 'syntax' | 'runtime' | 'shape' | 'import';

/** A problem in the user's module, positioned in the user's own source (1-based; null = unknown). */
export interface UserCodeError {
  kind: UserCodeErrorKind;
  /** What went wrong, for people (prefixed with the error's name for runtime errors). */
  message: string;
  line: number | null;
  column: number | null;
}

/** What the module exports as its graph. */
export type UserGraphKind = 'builder' | 'compiled';

/** Options of `compileUserGraph`. */
export interface CompileOptions {
  /**
   * The file name stack frames and messages use (`//# sourceURL`). Give each graph its own name when
   * several user graphs are loaded, so a frame is mapped with the right module's positions.
   * @default 'user-graph.ts'
   */
  fileName?: string;
  /**
   * Modules besides the engine's main entry (which `replaygraph`, `@langchain/langgraph` and
   * `@langchain/langgraph/web` name): module name → its exports.
   */
  modules?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** A syntax error at an offset of the user's source (before it is turned into line and column). */
export interface SyntaxProblem {
  message: string;
  /** 0-based offset into the source. */
  offset: number;
}
