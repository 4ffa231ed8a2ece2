// Lint, and the architecture's import boundaries (see ARCHITECTURE.md).
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

const SRC = ['engine', 'checkpoint', 'protocol', 'worker', 'client', 'ui', 'shared'];
/** Which src folders each layer may import from (everything else in src is forbidden). */
const ALLOWED = {
  shared: [],
  engine: ['shared'],
  protocol: ['shared'],
  checkpoint: ['engine', 'shared'],
  worker: ['engine', 'checkpoint', 'protocol', 'shared'],
  client: ['protocol', 'shared'],
  ui: ['client', 'protocol', 'shared'],
};

const zones = Object.entries(ALLOWED).flatMap(([layer, allowed]) =>
  SRC.filter((other) => other !== layer && !allowed.includes(other)).map((other) => ({
    target: `./src/${layer}`,
    from: `./src/${other}`,
    message: `src/${layer} may not import from src/${other} (allowed: ${allowed.join(', ') || 'nothing'}).`,
  })),
);

const DOM_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'indexedDB', 'HTMLElement', 'requestAnimationFrame'].map(
  (name) => ({ name, message: 'src/engine is pure TypeScript: no DOM or browser globals.' }),
);

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
    files: ['src/ui/**/*.{ts,tsx}', 'src/client/**/*.ts', 'src/protocol/**/*.ts', 'src/worker/**/*.ts', 'src/checkpoint/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['@langchain/*'], message: 'LangGraph.js is a test-only dependency.' }],
      }],
    },
  },
);
