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
    const ids = await ruleIds('src/engine/ok.ts', "import { asThreadId } from '../shared/ids';\nexport const t = asThreadId('x');\n");
    expect(ids).toEqual([]);
  });
});
