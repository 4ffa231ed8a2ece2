// The IndexedDB suites on the real IndexedDB of Chromium (vitest.browser.config.ts).
import './__tests__/migration.suite';
import './__tests__/lifecycle.suite';
import './__tests__/threads.suite';
import './__tests__/read-path.suite';
