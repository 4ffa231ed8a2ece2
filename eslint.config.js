// Lint, and the architecture's import boundaries (see ARCHITECTURE.md).
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

const SRC = ['engine', 'checkpoint', 'formats', 'protocol', 'worker', 'sandbox', 'client', 'ui', 'shared', 'remote'];
/** Which src folders each layer may import from (everything else in src is forbidden). */
const ALLOWED = {
  shared: [],
  engine: ['shared'],
  protocol: ['shared'],
  checkpoint: ['engine', 'shared'],
  formats: ['engine', 'shared'],
  // The storage worker also hosts the LangGraph server client (src/worker/remote): it keeps the servers' keys.
  worker: ['engine', 'checkpoint', 'formats', 'protocol', 'shared', 'remote'],
  // Graph code runs only here: no storage (src/checkpoint, idb) and nothing of the storage worker.
  sandbox: ['engine', 'protocol', 'shared'],
  client: ['protocol', 'shared'],
  ui: ['client', 'protocol', 'shared'],
  // The LangGraph server client: engine *types* only (enforced below), shared, and the SDK.
  remote: ['engine', 'shared'],
};

const zones = Object.entries(ALLOWED).flatMap(([layer, allowed]) =>
  SRC.filter((other) => other !== layer && !allowed.includes(other)).map((other) => ({
    target: `./src/${layer}`,
    from: `./src/${other}`,
    message: `src/${layer} may not import from src/${other} (allowed: ${allowed.join(', ') || 'nothing'}).`,
  })),
);

const DOM_GLOBAL_NAMES = ['window', 'document', 'localStorage', 'sessionStorage', 'indexedDB', 'HTMLElement', 'requestAnimationFrame'];
const DOM_GLOBALS = DOM_GLOBAL_NAMES.map((name) => ({ name, message: 'src/engine is pure TypeScript: no DOM or browser globals.' }));
const FORMATS_DOM_GLOBALS = DOM_GLOBAL_NAMES.map((name) => ({ name, message: 'src/formats is pure TypeScript: no DOM or browser globals.' }));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'reports', 'test-results', 'playwright-report'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // `any` only where a public type mirrors LangGraph.js's own `any` (each such line says which).
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'src/**/__tests__/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...DOM_GLOBALS],
      'no-restricted-imports': ['error', {
        // The engine builds on LangChain's primitives (messages, Runnables, callbacks, tools) and
        // on zod, but never on LangGraph.js itself, which it re-implements.
        patterns: [
          {
            group: ['react', 'react-dom', 'react/*', 'idb', 'zustand', 'zustand/*', '@xyflow/*'],
            message: 'src/engine imports no UI or storage packages.',
          },
          {
            group: ['@langchain/*', '!@langchain/core', '!@langchain/core/*'],
            message: 'src/engine may import @langchain/core and zod, never LangGraph.js (@langchain/langgraph*) or other LangChain packages.',
          },
        ],
      }],
    },
  },
  {
    // Pure TypeScript for a page or a Web Worker: no DOM, no storage, no engine code at run time.
    files: ['src/remote/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...['window', 'document', 'localStorage', 'sessionStorage', 'indexedDB', 'HTMLElement', 'requestAnimationFrame'].map(
        (name) => ({ name, message: 'src/remote runs in a page or a worker: no DOM or storage globals.' }),
      )],
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          { regex: '(^|/)engine(/|$)', allowTypeImports: true, message: 'src/remote may import only types from src/engine (use `import type`).' },
          { regex: '^(react|react-dom|idb|zustand|@xyflow/.*)(/|$)', message: 'src/remote imports no UI or storage packages.' },
          { regex: '^@langchain/(?!langgraph-sdk(/|$))', message: 'src/remote may use only @langchain/langgraph-sdk of the LangChain packages.' },
        ],
      }],
    },
  },
  {
    // Foreign checkpoint formats: pure (worker and Node), with msgpack and SQLite WASM as its only packages.
    files: ['src/formats/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...FORMATS_DOM_GLOBALS],
      'no-restricted-imports': ['error', {
        patterns: [{
          group: ['react', 'react-dom', 'react/*', 'idb', 'zustand', 'zustand/*', '@xyflow/*', '@langchain/*'],
          message: 'src/formats imports no UI, storage or LangGraph.js packages (message classes are passed in).',
        }],
      }],
    },
  },
  {
    // Graph code runs here: no storage, UI or LangGraph.js packages.
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          group: ['idb', 'react', 'react-dom', 'react/*', 'zustand', 'zustand/*', '@xyflow/*', '@langchain/*'],
          message: 'src/sandbox runs graph code: no storage, UI or LangGraph.js packages.',
        }],
      }],
    },
  },
  {
    // The modules graph code may import: the real @langchain/core entry points, and nothing else of LangChain
    // (LangGraph.js's names are the engine's).
    // Gallery graphs are graph code too (their source seeds the editor).
    files: ['src/sandbox/user-modules.ts', 'src/sandbox/graphs/gallery/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          group: ['idb', 'react', 'react-dom', 'react/*', 'zustand', 'zustand/*', '@xyflow/*', '@langchain/*', '!@langchain/core'],
          message: 'Graph code may import @langchain/core entry points; nothing else of LangChain (LangGraph.js names are the engine).',
        }],
      }],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/client/**/*.ts', 'src/protocol/**/*.ts', 'src/worker/**/*.ts', 'src/checkpoint/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['@langchain/*'], message: 'LangGraph.js is a test-only dependency.' }],
      }],
    },
  },
);
