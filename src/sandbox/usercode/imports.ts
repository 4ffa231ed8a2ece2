/**
 * The static imports of a user module, with positions: which module each `import … from` /
 * `export … from` names, and which names it takes. Read from sucrase's own tokens (the transform's
 * parser), so comments, strings and TypeScript syntax are understood exactly as the transpiler
 * understands them. This is what lets an unknown module or a missing export be reported at the
 * import itself, before the module runs, instead of failing later as an `undefined` somewhere.
 */
import { parse, type SucraseToken } from 'sucrase/dist/esm/parser/index.js';
import { IdentifierRole } from 'sucrase/dist/esm/parser/tokenizer/index.js';
import { ContextualKeyword } from 'sucrase/dist/esm/parser/tokenizer/keywords.js';
import { TokenType as tt } from 'sucrase/dist/esm/parser/tokenizer/types.js';

/** A 1-based position in the user's source. */
export interface SourcePosition {
  line: number;
  column: number;
}

/** One name an import takes from its module. */
export interface ImportedName {
  /** The module's export name (`default` for a default import). */
  imported: string;
  /** Where the exported name is written. */
  at: SourcePosition;
  /**
   * False when the binding is only ever used as a type: the transpiler then drops it, so the module
   * need not export it at run time (TypeScript code often imports types without `type`).
   */
  usedAsValue: boolean;
}

/** One `import … from 'm'`, `import 'm'` or `export … from 'm'` (type-only ones are left out). */
export interface ImportDeclaration {
  module: string;
  /** Where the module's name (the string) is written. */
  moduleAt: SourcePosition;
  names: ImportedName[];
}

/** Offsets → 1-based line and column. */
function positioner(source: string): (offset: number) => SourcePosition {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  };
}

/** The value of a string token (module names and quoted export names hold no escapes in practice). */
function stringValue(source: string, t: SucraseToken): string {
  const raw = source.slice(t.start, t.end);
  try {
    return raw.startsWith('"') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
  } catch {
    return raw.slice(1, -1);
  }
}

const VALUE_ROLES = new Set([IdentifierRole.Access, IdentifierRole.ObjectShorthand, IdentifierRole.ExportAccess]);

/** Names read as values anywhere in the module (what the transpiler keeps imports for). */
function valueIdentifiers(source: string, tokens: readonly SucraseToken[]): Set<string> {
  const out = new Set<string>();
  for (const t of tokens) {
    if (t.type === tt.name && !t.isType && t.identifierRole !== null && VALUE_ROLES.has(t.identifierRole)) out.add(source.slice(t.start, t.end));
  }
  return out;
}

const isKeyword = (t: SucraseToken | undefined, kw: number) => t !== undefined && t.type === tt.name && t.contextualKeyword === kw;

/**
 * The module's static imports and re-exports, in source order. Throws what sucrase throws on a
 * syntax error (call it on a module that transpiled).
 */
export function scanImports(source: string): ImportDeclaration[] {
  const { tokens } = parse(source, false, true, false);
  const pos = positioner(source);
  const values = valueIdentifiers(source, tokens);
  const text = (t: SucraseToken) => source.slice(t.start, t.end);
  const out: ImportDeclaration[] = [];

  /** From `i`, the index of the module string after `from` (or -1 when the statement has none). */
  const fromString = (i: number): number => {
    for (let j = i; j < tokens.length; j++) {
      const t = tokens[j]!;
      if (t.type === tt.semi || t.type === tt.eof || t.type === tt._import || t.type === tt._export) return -1;
      if (isKeyword(t, ContextualKeyword._from) && tokens[j + 1]?.type === tt.string) return j + 1;
    }
    return -1;
  };

  /** Specifiers between `{` at `open` and its `}`: `[type] name [as alias]`, comma separated. */
  const specifiers = (open: number, importing: boolean): ImportedName[] => {
    const names: ImportedName[] = [];
    let spec: SucraseToken[] = [];
    const flush = () => {
      const first = spec[0];
      if (first && !first.isType) {
        const imported = first.type === tt.string ? stringValue(source, first) : text(first);
        const local = text(spec[spec.length - 1]!);
        names.push({ imported, at: pos(first.start), usedAsValue: !importing || values.has(local) });
      }
      spec = [];
    };
    for (let j = open + 1; j < tokens.length && tokens[j]!.type !== tt.braceR; j++) {
      const t = tokens[j]!;
      if (t.type === tt.comma) flush();
      else if (!isKeyword(t, ContextualKeyword._as)) spec.push(t);
    }
    flush();
    return names;
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === tt._import) {
      const next = tokens[i + 1];
      if (!next || next.type === tt.parenL || next.type === tt.dot) continue; // import(…), import.meta
      if (next.type === tt.string) {
        out.push({ module: stringValue(source, next), moduleAt: pos(next.start), names: [] });
        continue;
      }
      // `import type X from`, `import type { … } from`, `import type * as N from` are erased.
      const after = tokens[i + 2];
      if (isKeyword(next, ContextualKeyword._type) && after && after.type !== tt.comma && !isKeyword(after, ContextualKeyword._from)) continue;
      const m = fromString(i + 1);
      if (m < 0) continue;
      const names: ImportedName[] = [];
      for (let j = i + 1; j < m; j++) {
        const tok = tokens[j]!;
        if (tok.type === tt.braceL) {
          names.push(...specifiers(j, true));
          while (j < m && tokens[j]!.type !== tt.braceR) j++;
        } else if (tok.type === tt.star) {
          j += 2; // `* as N`: the whole module
        } else if (tok.type === tt.name && !isKeyword(tok, ContextualKeyword._from)) {
          names.push({ imported: 'default', at: pos(tok.start), usedAsValue: values.has(text(tok)) });
        }
      }
      out.push({ module: stringValue(source, tokens[m]!), moduleAt: pos(tokens[m]!.start), names });
    } else if (t.type === tt._export) {
      const next = tokens[i + 1];
      if (!next || (next.type !== tt.braceL && next.type !== tt.star)) continue; // `export type { … }` too
      const m = fromString(i + 1);
      if (m < 0) continue;
      const names = next.type === tt.braceL ? specifiers(i + 1, false) : [];
      out.push({ module: stringValue(source, tokens[m]!), moduleAt: pos(tokens[m]!.start), names });
    }
  }
  return out;
}
