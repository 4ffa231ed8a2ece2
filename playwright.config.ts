import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

const useDev = process.env.E2E_SERVER === 'dev';
// The app is served on E2E_PORT, else on a port free right now: never a fixed one that a running
// `npm start` (4173) or `npm run dev` (5173) may hold. This file is evaluated by the runner and again
// by each of its workers, which inherit the runner's environment: the first evaluation writes the
// port it picked into E2E_PORT, so all of them agree on one.
process.env.E2E_PORT ??= execFileSync(process.execPath, ['scripts/free-port.mjs'], { cwd: import.meta.dirname, encoding: 'utf8' }).trim();
const PORT = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: './e2e',
  // Each test has a browser context of its own (its own IndexedDB and OPFS) and every server a test
  // starts takes a free port, so two files run side by side; E2E_WORKERS sets another number.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 2 : 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // Hang guards, not performance checks (those are in bench/): a slow or busy CI machine takes
  // several times longer than a quiet laptop, so both are generous.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: { baseURL: `http://127.0.0.1:${PORT}`, trace: 'retain-on-failure' },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
            '--disable-background-networking', '--disable-component-update', '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: useDev
      ? `npx vite --host 127.0.0.1 --port ${PORT} --strictPort`
      : `npx vite build && npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
