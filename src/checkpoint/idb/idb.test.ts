// The IndexedDB suites on fake-indexeddb (Node). idb.browser-test.ts runs them in Chromium.
import 'fake-indexeddb/auto';
import './__tests__/migration.suite';
import './__tests__/lifecycle.suite';
import './__tests__/threads.suite';
import './__tests__/read-path.suite';
