/**
 * The checkpointer conformance suite, written once and run against every saver (MemorySaver in
 * Node, IndexedDBSaver on fake-indexeddb in Node and on real IndexedDB in Chromium).
 *
 * @example
 * import { describe, it, expect } from 'vitest';
 * runCheckpointerConformance('MemorySaver', async () => new MemorySaver(), { describe, it, expect });
 */
import type { SaverFactory, TestApi } from './api';
import { storeCases } from './cases-store';
import { threadCases } from './cases-threads';
import { valuesCases } from './cases-values';
import { writesCases } from './cases-writes';

export type { Assertion, VersionCounter, SaverFactory, TestApi } from './api';
export { hasVersionCounter } from './api';
export * as conformanceFixtures from './fixtures';

/**
 * Registers the suite under `describe(name)`.
 * @param name shown as the outer describe block
 * @param createSaver makes a fresh, empty saver; called once per test
 * @param testApi the host runner's `describe`, `it` and `expect`
 */
export function runCheckpointerConformance(name: string, createSaver: SaverFactory, testApi: TestApi): void {
  testApi.describe(`${name} checkpointer conformance`, () => {
    storeCases(testApi, createSaver);
    writesCases(testApi, createSaver);
    valuesCases(testApi, createSaver);
    threadCases(testApi, createSaver);
  });
}
