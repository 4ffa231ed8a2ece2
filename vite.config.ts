/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { engineAliases } from './scripts/engine-aliases.ts';
import { sandboxBundle } from './scripts/sandbox-bundle-plugin.ts';
import { followFiles } from './scripts/follow/plugin.ts';

export default defineConfig({
  plugins: [react(), sandboxBundle(), followFiles()],
  // Gallery graphs import the engine as a user's graph does: `from 'replaygraph'` (and `/prebuilt`, `/models`).
  resolve: { alias: engineAliases },
  worker: { format: 'es' },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
