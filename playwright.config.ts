import { defineConfig, devices } from '@playwright/test';

const useDev = process.env.E2E_SERVER === 'dev';
// E2E_PORT lets several checkouts run their e2e suites side by side.
const PORT = Number(process.env.E2E_PORT ?? (useDev ? 5173 : 4173));

export default defineConfig({
  testDir: './e2e',
  // Each test has a browser context of its own (its own IndexedDB and OPFS) and every server a test
  // starts takes a free port, so two files run side by side; E2E_WORKERS sets another number.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 30_000,
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
