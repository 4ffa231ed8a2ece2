/**
 * The engine's entry points under the names graph code imports them by (`replaygraph`,
 * `replaygraph/prebuilt`, `replaygraph/models`), for Vite, Vitest and the sandbox bundle. Exact
 * matches only: a plain string alias `replaygraph` would also rewrite `replaygraph/prebuilt` into a
 * path under `index.ts`. (The sandbox resolves user code's imports itself: src/sandbox/user-modules.ts.)
 */
import { fileURLToPath } from 'node:url';

const entry = (file: string) => fileURLToPath(new URL(`../src/engine/${file}`, import.meta.url));

/** Vite `resolve.alias` entries. */
export const engineAliases = [
  { find: /^replaygraph$/, replacement: entry('index.ts') },
  { find: /^replaygraph\/prebuilt$/, replacement: entry('prebuilt.ts') },
  { find: /^replaygraph\/models$/, replacement: entry('models.ts') },
];
