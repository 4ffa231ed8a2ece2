/**
 * TypeScript → CommonJS-shaped JavaScript with sucrase. Sucrase keeps every line on its line (so a
 * stack frame's line is already the user's line) and gives a token-level source map for columns.
 */
import { transform } from 'sucrase';
import { alignedMappings } from './align-map';
import { decodeMappings, type DecodedMappings } from './source-map';
import { locateSyntaxError } from './syntax-position';
import type { UserCodeError } from './types';

/** The result of transpiling a user module. */
export type TranspileResult =
  | { ok: true; code: string; map: DecodedMappings }
  | { ok: false; error: UserCodeError };

/** Sucrase's parse errors carry a 1-based `loc` and repeat it in the message. */
interface SucraseSyntaxError extends Error {
  loc?: { line: number; column: number };
}

/**
 * Transpiles `source` (TypeScript, ES modules) into a function body that uses `require`, `module`
 * and `exports`.
 * @param source the user's TypeScript
 * @param fileName the name used in messages and in the map
 */
export function transpileUserSource(source: string, fileName: string): TranspileResult {
  try {
    const out = transform(source, {
      transforms: ['typescript', 'imports'],
      filePath: fileName,
      // The worker runs in a current browser: leave optional chaining, class fields… as written,
      // which keeps columns close to the source.
      disableESTransforms: true,
      sourceMapOptions: { compiledFilename: fileName.replace(/\.ts$/, '.js') },
    });
    // Columns come from matching tokens (align-map.ts): sucrase's own map goes wrong after a
    // template literal that ends in `${…}`; it is kept only when the output does not tokenise.
    return { ok: true, code: out.code, map: alignedMappings(source, out.code) ?? decodeMappings(out.sourceMap?.mappings ?? '') };
  } catch (err) {
    return { ok: false, error: syntaxErrorData(err, source, fileName) };
  }
}

/**
 * The error as data, at its real position: sucrase reports some errors where it gave up an
 * arrow function rather than where the error is, and a missing `}` where the file ends
 * (see syntax-position.ts); its own report is kept when the source is found to parse after all.
 */
function syntaxErrorData(err: unknown, source: string, fileName: string): UserCodeError {
  const located = locateSyntaxError(source);
  if (located) {
    const before = source.slice(0, located.offset);
    const line = before.split('\n').length;
    return { kind: 'syntax', message: located.message, line, column: located.offset - before.lastIndexOf('\n') };
  }
  const e = err as SucraseSyntaxError;
  const raw = e instanceof Error ? e.message : String(err);
  // "Error transforming user-graph.ts: Unexpected token (3:10)" → "Unexpected token"
  const message = raw
    .replace(`Error transforming ${fileName}: `, '')
    .replace(/ \(\d+:\d+\)$/, '');
  return {
    kind: 'syntax',
    message,
    line: e.loc?.line ?? null,
    column: e.loc?.column ?? null,
  };
}
