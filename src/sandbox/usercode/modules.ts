/**
 * The modules user code may import, and the checks that keep an import from failing silently:
 * an unknown module, or a name a module does not export, is reported at the import (line and
 * column of the name) before the module runs. Without this, `import { X } from '…'` of a missing
 * `X` only surfaces later as an `undefined` (e.g. "Invalid schema type"), far from its cause.
 */
import type { ImportDeclaration } from './imports';
import type { UserCodeError } from './types';
import { refusalReason, unofferedReason } from './unoffered';

/** Module name → the object `require(name)` returns. */
export type ModuleTable = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** The engine's own name for its main entry point. */
export const ENGINE_MODULE = 'replaygraph';

/** The names under which the engine's main entry point is importable. */
export const ENGINE_MAIN_ALIASES = [ENGINE_MODULE, '@langchain/langgraph', '@langchain/langgraph/web'] as const;

/**
 * A frozen copy of a module's exports, so one graph cannot change the API another graph sees. No
 * `__esModule` flag: `import x from 'm'` yields the whole module, and named imports work as usual.
 */
export function moduleObject(exports: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const copy: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(exports)) {
    if (key === '__esModule') continue;
    copy[key] = exports[key];
  }
  return Object.freeze(copy);
}

/**
 * The module table: the engine's main entry under all its names, plus `extra` modules (prebuilt,
 * models, the LangChain packages… as the sandbox provides them).
 */
export function moduleTable(engine: Readonly<Record<string, unknown>>, extra: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {}): ModuleTable {
  const table: Record<string, Readonly<Record<string, unknown>>> = Object.create(null);
  const main = moduleObject(engine);
  for (const name of ENGINE_MAIN_ALIASES) table[name] = main;
  for (const [name, exports] of Object.entries(extra)) table[name] = moduleObject(exports);
  return Object.freeze(table);
}

/** A module name's package: `@scope/name` or `name` (`zod/v4` → `zod`). */
function packageOf(moduleName: string): string {
  const parts = moduleName.split('/');
  return moduleName.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * The module names of `table`, one line per package with its entry points, so a list of some forty
 * modules stays readable: `- zod, and /v3, /v4, /v4/core`, `- @langchain/core: /messages, …`.
 */
export function listModules(table: ModuleTable): string {
  const byPackage = new Map<string, string[]>();
  for (const name of Object.keys(table).sort()) {
    const pkg = packageOf(name);
    const entries = byPackage.get(pkg) ?? [];
    entries.push(name.slice(pkg.length));
    byPackage.set(pkg, entries);
  }
  const lines = [...byPackage].map(([pkg, entries]) => {
    const subpaths = entries.filter((e) => e !== '');
    if (subpaths.length === 0) return `- ${pkg}`;
    return entries.includes('') ? `- ${pkg}, and ${subpaths.join(', ')}` : `- ${pkg}: ${subpaths.join(', ')}`;
  });
  return lines.join('\n');
}

/** Why an import of `moduleName` is refused (`name`: the first name the import takes from it). */
export function unknownModuleMessage(moduleName: string, table: ModuleTable, name?: string): string {
  const what = name === undefined ? `\`${moduleName}\`` : `\`${moduleName}\` (imported for \`${name}\`)`;
  const reason = refusalReason(moduleName);
  return `${what} is not available in replaygraph${reason ? `: ${reason}` : ''}. A graph can import:\n${listModules(table)}`;
}

/** The export of `exports` closest to a misspelt `name`, if one is close enough to be meant. */
function closestName(name: string, exports: Readonly<Record<string, unknown>>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 4)) + 1;
  for (const candidate of Object.keys(exports)) {
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase(), bestDistance);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

/** Levenshtein distance, giving up (returning `limit`) once every path costs that much. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    if (Math.min(...row) >= limit) return limit;
    previous = row;
  }
  return previous[b.length]!;
}

/** Why a name is refused from a module the table knows (with the reason, or a likely spelling). */
export function missingExportMessage(name: string, moduleName: string, exports: Readonly<Record<string, unknown>> = {}): string {
  const base = `\`${name}\` is not exported by \`${moduleName}\` in replaygraph`;
  const reason = unofferedReason(moduleName, name);
  if (reason) return `${base}: ${reason}.`;
  const near = closestName(name, exports);
  return near ? `${base}. Did you mean \`${near}\`?` : `${base}.`;
}

/** Thrown by the module's `require` for a module the table does not know (e.g. a dynamic `import()`). */
export class UnknownModuleError extends Error {
  override name = 'UnknownModuleError';
  constructor(readonly moduleName: string, table: ModuleTable) {
    super(unknownModuleMessage(moduleName, table));
  }
}

/**
 * The first import of `imports` that `table` cannot satisfy, as an error at its position; null when
 * every import resolves. Default and namespace imports always resolve (see `moduleObject`); a named
 * import used only as a type is erased by the transpiler and so is not checked.
 */
export function checkImports(imports: readonly ImportDeclaration[], table: ModuleTable): UserCodeError | null {
  for (const decl of imports) {
    const exports = Object.hasOwn(table, decl.module) ? table[decl.module] : undefined;
    if (exports === undefined) {
      // Only type-only names: the transpiler drops the import, nothing is loaded.
      if (decl.names.length > 0 && decl.names.every((n) => !n.usedAsValue)) continue;
      const first = decl.names.find((n) => n.imported !== 'default');
      const at = first?.at ?? decl.moduleAt;
      return { kind: 'import', message: unknownModuleMessage(decl.module, table, first?.imported), line: at.line, column: at.column };
    }
    for (const n of decl.names) {
      if (n.imported === 'default' || !n.usedAsValue || Object.hasOwn(exports, n.imported)) continue;
      return { kind: 'import', message: missingExportMessage(n.imported, decl.module, exports), line: n.at.line, column: n.at.column };
    }
  }
  return null;
}
