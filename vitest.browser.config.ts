// Vitest browser mode: the IndexedDB checkpointer's suites and the LangGraph server client in real
// Chromium (Debian's, never a downloaded one). Run by `npm test` (scripts/test-all.sh) as its own step.
import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { closedPortUrl, startLangGraph, stopLangGraph } from './tests/servers/browser-commands.js';

export default defineConfig({
  test: {
    include: ['src/**/*.browser-test.ts', 'tests/validation/*.browser-test.ts'],
    testTimeout: 30_000,
    browser: {
      enabled: true,
      // Real LangGraph dev servers, started in Node when a browser test asks (src/remote).
      commands: { closedPortUrl, startLangGraph, stopLangGraph },
      headless: true,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
            '--disable-background-networking', '--disable-component-update', '--disable-sync',
          ],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
