/**
 * The sandbox's module table against the real packages: every value a real entry point exports is
 * importable from the sandbox's module of the same name, or is listed in usercode/unoffered.ts with
 * the reason it is left out (and that list names only real exports the table really lacks). Every
 * public entry point of `@langchain/langgraph` is offered or refused with a reason.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { moduleTable } from '../../src/sandbox/usercode/modules';
import { refusalReason, UNOFFERED_NAMES, unofferedReason } from '../../src/sandbox/usercode/unoffered';
import { ENGINE_API, USER_MODULES } from '../../src/sandbox/user-modules';

const table = moduleTable(ENGINE_API, USER_MODULES);
const require = createRequire(import.meta.url);

/** The public entry points a package's `exports` map names (`./package.json` left out). */
function entryPoints(pkg: string): string[] {
  const manifest = JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { exports: Record<string, unknown> };
  return Object.keys(manifest.exports)
    .filter((k) => k !== './package.json')
    .map((k) => (k === '.' ? pkg : `${pkg}/${k.slice(2)}`));
}

/** The value exports of a real module, as Node imports it. */
async function realExports(name: string): Promise<string[]> {
  const m = (await import(name)) as Record<string, unknown>;
  return Object.keys(m).filter((k) => k !== 'default' && k !== '__esModule').sort();
}

/** The sandbox modules that stand for a real package's entry point (the engine's own names aside). */
const mirrored = Object.keys(table).filter((name) => !name.startsWith('replaygraph')).sort();

describe('the sandbox module table against the real packages', () => {
  it.each(mirrored)('%s offers every value export of the real module, or names why not', async (name) => {
    const ours = table[name]!;
    const real = await realExports(name);
    const missing = real.filter((k) => !Object.hasOwn(ours, k) && unofferedReason(name, k) === undefined);
    expect(missing).toEqual([]);
    const extra = Object.keys(ours).filter((k) => !real.includes(k) && !['default'].includes(k));
    // The engine's entries may hold more than LangGraph.js (replaygraph's own names); the rest are the real module.
    if (!name.startsWith('@langchain/langgraph')) expect(extra).toEqual([]);
  });

  it('lists as left out only names the real module exports and the table lacks', async () => {
    for (const [name, names] of Object.entries(UNOFFERED_NAMES)) {
      const real = await realExports(name);
      for (const n of Object.keys(names)) {
        expect({ name, n, real: real.includes(n) }).toEqual({ name, n, real: true });
        expect({ name, n, offered: Object.hasOwn(table[name] ?? {}, n) }).toEqual({ name, n, offered: false });
      }
    }
  });

  it('bundles the real @langchain/core, zod and uuid modules, not look-alikes', async () => {
    for (const name of mirrored.filter((n) => !n.startsWith('@langchain/langgraph'))) {
      const real = (await import(name)) as Record<string, unknown>;
      const differing = Object.keys(table[name]!).filter((k) => k !== 'default' && table[name]![k] !== real[k]);
      expect({ name, differing }).toEqual({ name, differing: [] });
    }
  });

  it('offers or refuses, with a reason, every public entry point of @langchain/langgraph 1.7.3 and its checkpoint package', () => {
    const entries = [...entryPoints('@langchain/langgraph'), ...entryPoints('@langchain/langgraph-checkpoint')];
    expect(entries).toContain('@langchain/langgraph/remote');
    const neither = entries.filter((e) => !Object.hasOwn(table, e) && refusalReason(e) === undefined);
    expect(neither).toEqual([]);
    expect(refusalReason('@langchain/langgraph/remote')).toMatch(/no network/);
  });

  it('offers the @langchain/core entry points LangGraph.js programs import', () => {
    const core = entryPoints('@langchain/core');
    const wanted = [
      'messages', 'messages/tool', 'tools', 'runnables', 'prompts', 'output_parsers', 'documents', 'language_models/base',
      'language_models/chat_models', 'language_models/llms', 'utils/testing', 'callbacks/manager', 'callbacks/base', 'outputs', 'load',
      'load/serializable', 'utils/stream', 'utils/function_calling', 'utils/json_schema',
    ].map((e) => `@langchain/core/${e}`);
    for (const e of wanted) {
      expect(core).toContain(e);
      expect(Object.keys(table)).toContain(e);
    }
    expect(Object.keys(table)).toEqual(expect.arrayContaining(['zod', 'zod/v3', 'zod/v4', 'zod/v4/core', 'uuid']));
  });
});
