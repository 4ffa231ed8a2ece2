/**
 * What the UI scripts in bench/ share: build the app into a temporary folder, serve it with
 * `vite preview` on a port of their own (refusing a port something else already answers on, whose
 * build would be measured instead), and launch Debian's Chromium.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';

/** A built app being served; `stop()` ends the preview server (its whole process group). */
export interface ServedApp {
  origin: string;
  stop(): void;
}

async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${url} did not start`);
}

/**
 * Builds the app and serves it on `port`. `portVar` names the environment variable that sets the
 * port, for the error message. `minify: false` keeps function names for CPU profiles.
 */
export async function serveBuiltApp(port: number, portVar: string, { minify = true } = {}): Promise<ServedApp> {
  const origin = `http://127.0.0.1:${port}`;
  if (await fetch(origin).then(() => true, () => false)) {
    throw new Error(`${origin} is already served by another process; set ${portVar} to a free port`);
  }
  const outDir = mkdtempSync(join(tmpdir(), 'replaygraph-bench-'));
  const build = ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error', ...(minify ? [] : ['--minify', 'false'])];
  execFileSync('npx', build, { stdio: 'inherit' });
  const server = spawn('npx', ['vite', 'preview', '--outDir', outDir, '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { stdio: 'ignore', detached: true });
  const stop = () => {
    try {
      if (server.pid !== undefined) process.kill(-server.pid);
    } catch {
      /* already gone */
    }
  };
  try {
    await waitForServer(origin);
  } catch (err) {
    stop();
    throw err;
  }
  return { origin, stop };
}

/** Launches Chromium (CHROMIUM_PATH, else Debian's) headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}

/**
 * A bench's main: builds and serves the app on `port`, launches Chromium, runs `body`, then closes
 * both whatever happened; a failure is printed and sets the exit code.
 */
export function benchMain(port: number, portVar: string, options: { minify?: boolean }, body: (browser: Browser) => Promise<void>): void {
  const run = async () => {
    const server = await serveBuiltApp(port, portVar, options);
    const browser = await launchChromium();
    try {
      await body(browser);
    } finally {
      await browser.close();
      server.stop();
    }
  };
  run().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
