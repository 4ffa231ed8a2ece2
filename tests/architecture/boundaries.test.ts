/**
 * The architecture's boundaries are enforced by the lint step. These tests lint small snippets as
 * if they lived in each layer and check that forbidden imports and DOM globals are reported, and
 * that allowed ones are not.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('architecture boundaries', () => {
  it('rejects an engine file importing from src/ui', async () => {
    const ids = await ruleIds('src/engine/bad.ts', "import { AppRoot } from '../ui/app/AppRoot';\nexport const x = AppRoot;\n");
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('rejects an engine file touching window or document', async () => {
    const ids = await ruleIds('src/engine/bad.ts', 'export const w = window.location.href;\nexport const d = document.title;\n');
    expect(ids.filter((id) => id === 'no-restricted-globals')).toHaveLength(2);
  });

  it('rejects an engine file importing react, idb or LangGraph.js', async () => {
    const ids = await ruleIds('src/engine/bad.ts', "import 'react';\nimport 'idb';\nimport '@langchain/langgraph';\n");
    expect(ids.filter((id) => id === 'no-restricted-imports')).toHaveLength(3);
  });

  it('rejects an engine file importing any LangGraph.js package', async () => {
    const ids = await ruleIds(
      'src/engine/bad.ts',
      "import '@langchain/langgraph/web';\nimport '@langchain/langgraph-checkpoint';\nimport '@langchain/langgraph-sdk';\nimport '@langchain/openai';\n",
    );
    expect(ids.filter((id) => id === 'no-restricted-imports')).toHaveLength(4);
  });

  it('allows the engine to use @langchain/core and zod', async () => {
    const ids = await ruleIds(
      'src/engine/ok.ts',
      "import { AIMessage } from '@langchain/core/messages';\nimport { RunnableLambda } from '@langchain/core/runnables';\nimport { z } from 'zod';\nexport const x = [AIMessage, RunnableLambda, z];\n",
    );
    expect(ids).toEqual([]);
  });

  it('lets only the sandbox module table import the @langchain/core entries graph code may name', async () => {
    const code = "import * as m from '@langchain/core/messages';\nimport * as t from '@langchain/core/utils/testing';\nexport const x = [m, t];\n";
    expect(await ruleIds('src/sandbox/user-modules.ts', code)).toEqual([]);
    expect(await ruleIds('src/sandbox/other.ts', code)).toEqual(['no-restricted-imports', 'no-restricted-imports']);
    const lg = await ruleIds('src/sandbox/user-modules.ts', "import * as lg from '@langchain/langgraph';\nimport * as oa from '@langchain/openai';\nexport const x = [lg, oa];\n");
    expect(lg).toEqual(['no-restricted-imports', 'no-restricted-imports']);
  });

  it('rejects the UI reaching the engine or the worker directly', async () => {
    const a = await ruleIds('src/ui/bad.ts', "import { x } from '../engine/index';\nexport const y = x;\n");
    const b = await ruleIds('src/ui/bad.ts', "import { startHost } from '../worker/host';\nexport const y = startHost;\n");
    expect(a).toContain('import-x/no-restricted-paths');
    expect(b).toContain('import-x/no-restricted-paths');
  });

  it('allows the UI to use the client and the protocol', async () => {
    const ids = await ruleIds(
      'src/ui/ok.ts',
      "import { createWorkerClient } from '../client/worker-client';\nimport { PROTOCOL_VERSION } from '../protocol/messages';\nexport const y = [createWorkerClient, PROTOCOL_VERSION];\n",
    );
    expect(ids).toEqual([]);
  });

  it('allows the engine to use src/shared', async () => {
    const ids = await ruleIds('src/engine/ok.ts', "import { ERROR_CODES } from '../shared/errors';\nexport const t = ERROR_CODES;\n");
    expect(ids).toEqual([]);
  });

  it('lets src/remote import engine types only, never engine code', async () => {
    const types = await ruleIds('src/remote/ok.ts', "import type { CheckpointTuple } from '../engine/checkpoint/types';\nexport type T = CheckpointTuple;\n");
    const value = await ruleIds('src/remote/bad.ts', "import { START } from '../engine/constants';\nexport const s = START;\n");
    expect(types).toEqual([]);
    expect(value).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('lets src/remote use the LangGraph SDK and src/shared, but no other LangChain package, UI, worker or DOM global', async () => {
    const ok = await ruleIds(
      'src/remote/ok.ts',
      "import { Client } from '@langchain/langgraph-sdk/client';\nimport { ERROR_CODES } from '../shared/errors';\nexport const x = [Client, ERROR_CODES];\n",
    );
    expect(ok).toEqual([]);
    const bad = await ruleIds(
      'src/remote/bad.ts',
      "import '@langchain/core/messages';\nimport '@langchain/langgraph';\nimport 'react';\nimport { startHost } from '../worker/host';\nexport const y = [startHost, window.location.href];\n",
    );
    expect(bad.filter((id) => id === '@typescript-eslint/no-restricted-imports')).toHaveLength(3);
    expect(bad).toContain('import-x/no-restricted-paths');
    expect(bad).toContain('no-restricted-globals');
  });

  it('lets only the storage worker host src/remote: the UI, the client and the sandbox may not import it', async () => {
    const src = "import { createRemoteClient } from '../remote/index';\nexport const y = createRemoteClient;\n";
    for (const file of ['src/ui/bad.ts', 'src/client/bad.ts', 'src/sandbox/bad.ts', 'src/protocol/bad.ts']) {
      expect(await ruleIds(file, src)).toContain('import-x/no-restricted-paths');
    }
    expect(await ruleIds('src/worker/ok.ts', src)).toEqual([]);
  });

  it('rejects a formats file importing from the UI, the worker or the IndexedDB checkpointer', async () => {
    const ids = await ruleIds(
      'src/formats/bad.ts',
      "import { AppRoot } from '../ui/app/AppRoot';\nimport { startHost } from '../worker/host';\nimport { IndexedDBSaver } from '../checkpoint/idb/index';\nexport const x = [AppRoot, startHost, IndexedDBSaver];\n",
    );
    expect(ids.filter((id) => id === 'import-x/no-restricted-paths')).toHaveLength(3);
  });

  it('rejects a formats file touching the DOM or importing LangGraph.js or React', async () => {
    const globals = await ruleIds('src/formats/bad.ts', 'export const w = window.location.href;\nexport const d = document.title;\n');
    expect(globals.filter((id) => id === 'no-restricted-globals')).toHaveLength(2);
    const imports = await ruleIds('src/formats/bad.ts', "import '@langchain/core/messages';\nimport 'react';\n");
    expect(imports.filter((id) => id === 'no-restricted-imports')).toHaveLength(2);
  });

  it('allows formats to use engine types, src/shared, msgpack and SQLite WASM, and the worker to use formats', async () => {
    const ok = await ruleIds(
      'src/formats/ok.ts',
      "import type { Checkpoint } from '../engine/checkpoint/types';\nimport { ERROR_CODES } from '../shared/errors';\nimport { decode } from '@msgpack/msgpack';\nimport type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';\nexport type C = Checkpoint | Sqlite3Static;\nexport const y = [ERROR_CODES, decode];\n",
    );
    expect(ok).toEqual([]);
    const worker = await ruleIds('src/worker/ok.ts', "import { openCheckpointSource } from '../formats/index';\nexport const z = openCheckpointSource;\n");
    expect(worker).toEqual([]);
  });

  it('rejects the engine importing from src/formats', async () => {
    const ids = await ruleIds('src/engine/bad.ts', "import { openCheckpointSource } from '../formats/index';\nexport const z = openCheckpointSource;\n");
    expect(ids).toContain('import-x/no-restricted-paths');
  });
});
