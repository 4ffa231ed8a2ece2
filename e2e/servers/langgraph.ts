/**
 * Playwright fixtures for e2e tests against a real LangGraph dev server (tests/servers/harness.ts):
 * `langgraph` starts one server per worker, on 127.0.0.1 and a free port, the first time a test
 * asks for it, and stops it (its whole process group) when the worker ends, whatever the tests did.
 * `test.use({ langgraphOptions: { graphs: ['chain'] } })` picks the graphs or the CORS setting.
 *
 *   import { expect, test } from './servers/langgraph';
 *   test('…', async ({ page, langgraph }) => { … langgraph.url … });
 */
import { test as base } from '@playwright/test';
import { startLangGraphServer, type LangGraphServerOptions, type RunningLangGraphServer } from '../../tests/servers/harness';

interface WorkerFixtures {
  langgraphOptions: LangGraphServerOptions;
  langgraph: RunningLangGraphServer;
}

export const test = base.extend<object, WorkerFixtures>({
  langgraphOptions: [{}, { scope: 'worker', option: true }],
  langgraph: [
    async ({ langgraphOptions }, use) => {
      const server = await startLangGraphServer(langgraphOptions);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

export { expect } from '@playwright/test';
