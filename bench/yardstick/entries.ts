/**
 * LangGraph.js's public entry points: which suite source file each one is built from (the suite's
 * package.json `exports[*].input`), which names it exports at run time in the installed
 * @langchain/langgraph 1.7.3, and, for each measured side, the file a test's import is sent to.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** One public entry point, e.g. `prebuilt` (`@langchain/langgraph/prebuilt`); `.` is the main one. */
export interface Entry {
  subpath: string;
  /** The suite source file it is built from, relative to `src` (`prebuilt/index.ts`). */
  source: string;
  /** Its run-time export names in the installed 1.7.3. */
  names: Set<string>;
  /** The installed 1.7.3 file it resolves to in Node. */
  realFile: string;
}

/** The measured package, resolved from this repository. */
export const PACKAGE = '@langchain/langgraph';

function inputOf(target: unknown): string | undefined {
  if (target && typeof target === 'object' && 'input' in target && typeof target.input === 'string') return target.input;
  return undefined;
}

/**
 * The entry points both the suite's package.json and the installed package export. The installed
 * one decides the names (its `exports` and what each module exports at run time), the suite's one
 * says which source file each is built from.
 */
export async function loadEntries(suitePkg: string, repoRoot: string): Promise<{ entries: Entry[]; version: string }> {
  const require = createRequire(join(repoRoot, 'package.json'));
  const installedJson = require.resolve(`${PACKAGE}/package.json`);
  const installed = JSON.parse(readFileSync(installedJson, 'utf8')) as { version: string; exports: Record<string, unknown> };
  const suite = JSON.parse(readFileSync(join(suitePkg, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  const entries: Entry[] = [];
  for (const [key, target] of Object.entries(suite.exports)) {
    const input = inputOf(target);
    if (!input || !(key in installed.exports)) continue;
    const subpath = key === '.' ? '.' : key.replace(/^\.\//, '');
    const specifier = subpath === '.' ? PACKAGE : `${PACKAGE}/${subpath}`;
    // Resolve as Node's ESM loader does (the `import` condition), from this repository.
    const realFile = fileURLToPath(import.meta.resolve(specifier));
    const mod = (await import(pathToFileURL(realFile).href)) as Record<string, unknown>;
    entries.push({ subpath, source: input.replace(/^\.\/src\//, ''), names: new Set(Object.keys(mod)), realFile });
  }
  return { entries, version: installed.version };
}

/**
 * The file each entry point is sent to on our side: `<engine dir>/<subpath>.ts` when it exists
 * (`prebuilt.ts`, `zod.ts`, …), else the engine's `index.ts`, so a missing export shows up as a
 * failing test rather than a harness error.
 */
export function engineFiles(entries: Entry[], engineIndex: string): Map<string, string> {
  const dir = dirname(engineIndex);
  const out = new Map<string, string>();
  for (const e of entries) {
    const own = join(dir, `${e.subpath}.ts`);
    out.set(e.subpath, e.subpath !== '.' && e.subpath !== 'web' && existsSync(own) ? own : engineIndex);
  }
  return out;
}

/** The installed 1.7.3 files, by entry point. */
export function realFiles(entries: Entry[]): Map<string, string> {
  return new Map(entries.map((e) => [e.subpath, e.realFile]));
}

/**
 * Library functions the rule lets tests use although no entry point exports them, because they
 * exercise nothing of the engine. The harness supplies its own implementation on both sides
 * (`neutral.ts`): collecting an iterator into an array, and the Node runtime set-up that
 * importing the main entry point already performs.
 */
export const NEUTRAL: Readonly<Record<string, readonly string[]>> = {
  'utils.ts': ['gatherIterator', 'gatherIteratorSync'],
  'node.ts': ['initializeAsyncLocalStorageSingleton'],
};

/** How one value binding imported from a library module is reached. */
export type Binding = { kind: 'public'; entry: string } | { kind: 'neutral' } | { kind: 'private' };

/**
 * Classifies `name` imported from the library module `module` (relative to `src`): public when an
 * entry point exports that name (preferring the entry built from that very file, then one built
 * from a directory containing it, then the main entry, then the others), neutral when listed in
 * `NEUTRAL`, private otherwise.
 */
export function classify(entries: Entry[], module: string, name: string): Binding {
  if (NEUTRAL[module]?.includes(name)) return { kind: 'neutral' };
  const dirOf = (p: string) => p.slice(0, p.lastIndexOf('/') + 1);
  const ranked = [
    ...entries.filter((e) => e.source === module),
    ...entries
      .filter((e) => e.source !== module && dirOf(e.source) !== '' && module.startsWith(dirOf(e.source)))
      .sort((a, b) => b.source.length - a.source.length),
    ...entries.filter((e) => e.subpath === '.'),
    ...entries,
  ];
  const hit = ranked.find((e) => e.names.has(name));
  return hit ? { kind: 'public', entry: hit.subpath } : { kind: 'private' };
}
