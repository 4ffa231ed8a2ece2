/**
 * Test files grouped by the part of LangGraph.js they exercise, for the per-category figures.
 * A file's category comes from its path under `src/` (the first rule that matches).
 */
import type { FileLine } from './report';

/** Categories in the order they are printed, each with the path patterns that put a file in it. */
export const CATEGORIES: ReadonlyArray<readonly [name: string, patterns: readonly RegExp[]]> = [
  ['prebuilt', [/(^|\/)prebuilt([./]|$)/]],
  ['func', [/(^|\/)func([./]|$)/, /functional/]],
  ['stream', [/(^|\/)stream([./]|$)/, /stream/]],
  ['checkpoint', [/checkpoint/, /time_travel/, /durability/, /run_control/]],
  ['state and channels', [/(^|\/)state([./]|$)/, /(^|\/)channels([./]|$)/, /delta_channel/, /zod/, /messages?_reducer/, /(^|\/)graph\/message/]],
  ['core', [/./]],
];

/** The category of a suite file (`src/tests/prebuilt.test.ts` → `prebuilt`). */
export function categoryOf(file: string): string {
  const path = file.replace(/^src\//, '');
  return CATEGORIES.find(([, patterns]) => patterns.some((p) => p.test(path)))![0];
}

/** Per-category sums of the per-file counts, in `CATEGORIES` order (categories with no selected test left out). */
export function byCategory(files: FileLine[]): Array<{ category: string; files: number; selected: number; denominator: number; enginePasses: number }> {
  return CATEGORIES.map(([category]) => {
    const mine = files.filter((f) => f.selected > 0 && categoryOf(f.file) === category);
    const sum = (k: 'selected' | 'denominator' | 'enginePasses') => mine.reduce((n, f) => n + f[k], 0);
    return { category, files: mine.length, selected: sum('selected'), denominator: sum('denominator'), enginePasses: sum('enginePasses') };
  }).filter((c) => c.files > 0);
}
