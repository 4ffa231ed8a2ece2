/**
 * Types for the parts of sucrase's parser that `imports.ts` and `syntax-position.ts` read (sucrase ships no declarations at
 * these paths). Sucrase is pinned, so the token shapes below stay as written.
 */
declare module 'sucrase/dist/esm/parser/index.js' {
  /** One token of the user's source (offsets into it). */
  export interface SucraseToken {
    type: number;
    contextualKeyword: number;
    start: number;
    end: number;
    scopeDepth: number;
    /** Part of a type (annotation, `type` import specifier…): erased by the transform. */
    isType: boolean;
    identifierRole: number | null;
  }
  export function parse(input: string, isJSXEnabled: boolean, isTypeScriptEnabled: boolean, isFlowEnabled: boolean): { tokens: SucraseToken[] };
}

declare module 'sucrase/dist/esm/parser/tokenizer/types.js' {
  export const TokenType: Readonly<Record<
    | 'string' | 'name' | 'braceL' | 'braceR' | 'parenL' | 'parenR' | 'bracketL' | 'bracketR' | 'dollarBraceL' | 'backQuote'
    | 'comma' | 'dot' | 'star' | 'semi' | 'eof' | '_import' | '_export',
    number
  >>;
}

declare module 'sucrase/dist/esm/parser/tokenizer/keywords.js' {
  export const ContextualKeyword: Readonly<Record<'_as' | '_from' | '_type', number>>;
}

declare module 'sucrase/dist/esm/parser/tokenizer/index.js' {
  export const IdentifierRole: Readonly<Record<'Access' | 'ExportAccess' | 'ObjectShorthand', number>>;
}

declare module 'sucrase/dist/esm/parser/tokenizer/state.js' {
  /** A parse error as the parser records it (`pos`: offset of the source). */
  export interface ParserError extends Error {
    pos?: number;
  }
  /** What the parser restores when it gives up one reading of the text for another. */
  export interface StateSnapshot {
    error: ParserError | null;
  }
  /** The parser's state: the first error of the current reading, and backtracking. */
  export default class State {
    error: ParserError | null;
    restoreFromSnapshot(snapshot: StateSnapshot): void;
  }
}
