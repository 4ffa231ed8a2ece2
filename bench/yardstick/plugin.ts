/**
 * The Vite plugin that sends the suite's imports of library modules to stand-in modules: each
 * re-exports, from the measured side's entry points, exactly the value names tests import from
 * that module (`plan.ts#standIns`). Private names are left out, so they are `undefined` on both
 * sides. Bare imports of `@langchain/langgraph` go to the measured side's entry points too.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { moduleKind, rel } from './suite';

/** What the plugin needs: the suite's `src`, the stand-in code by module, and the entry files. */
export interface PluginPlan {
  src: string;
  standIns: Record<string, string>;
  /** Entry subpath (`.`, `web`, `prebuilt`, …) → file of the measured side. */
  entryFiles: Record<string, string>;
}

const PREFIX = '\0yardstick:';

function resolveTs(importer: string, source: string): string | undefined {
  const base = resolve(dirname(importer), source);
  return [base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}/index.ts`].find((c) => existsSync(c));
}

/** Builds the plugin for one measured side. */
export function yardstickPlugin(plan: PluginPlan): Plugin {
  const inSuite = (id: string) => id.startsWith(plan.src + '/');
  return {
    name: 'yardstick',
    enforce: 'pre',
    resolveId(source, importer) {
      const bare = /^@langchain\/langgraph(?:\/(.+))?$/.exec(source);
      if (bare) return plan.entryFiles[bare[1] ?? '.'] ?? null;
      if (!importer || !source.startsWith('.')) return null;
      const from = importer.replace(/[?#].*$/, '');
      if (!inSuite(from)) return null;
      const target = resolveTs(from, source);
      if (!target || !inSuite(target)) return null;
      const module = rel(plan.src, target);
      return moduleKind(module) === 'library' ? PREFIX + module : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      return plan.standIns[id.slice(PREFIX.length)] ?? 'export {};';
    },
  };
}
