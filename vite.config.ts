/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { sandboxBundle } from './scripts/sandbox-bundle-plugin.ts';

export default defineConfig({
  plugins: [react(), sandboxBundle()],
  // Gallery graphs import the engine as a user's graph does: `from 'replaygraph'`.
  resolve: { alias: { replaygraph: fileURLToPath(new URL('./src/engine/index.ts', import.meta.url)) } },
  worker: { format: 'es' },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
