/**
 * The modules user code may import, and the checks that keep an import from failing silently:
 * an unknown module, or a name a module does not export, is reported at the import (line and
 * column of the name) before the module runs. Without this, `import { X } from '…'` of a missing
 * `X` only surfaces later as an `undefined` (e.g. "Invalid schema type"), far from its cause.
 */
import type { ImportDeclaration } from './imports';
import type { UserCodeError } from './types';

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

/** The module names of `table`, as a sentence fragment for messages. */
function listModules(table: ModuleTable): string {
  return Object.keys(table).sort().map((n) => `\`${n}\``).join(', ');
}

/** Why an import of `moduleName` is refused. */
export function unknownModuleMessage(moduleName: string, table: ModuleTable, name?: string): string {
  const what = name === undefined ? `\`${moduleName}\` is not available` : `\`${name}\` is not exported by \`${moduleName}\``;
  const hint = /^@langchain\/(openai|anthropic|google|mistralai|groq|ollama|aws|community)/.test(moduleName)
    ? ' To run a graph offline, use `ScriptedChatModel` from `replaygraph/models` as the model.'
    : '';
  return `${what} in replaygraph: a graph can import ${listModules(table)}.${hint}`;
}

/** Why a name is refused from a module the table knows. */
export function missingExportMessage(name: string, moduleName: string): string {
  return `\`${name}\` is not exported by \`${moduleName}\` in replaygraph.`;
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
      return { kind: 'import', message: missingExportMessage(n.imported, decl.module), line: n.at.line, column: n.at.column };
    }
  }
  return null;
}
