/**
 * Where the UI spends its main-thread time on a big thread: a CPU profile (Chrome DevTools Protocol)
 * of opening a 10,000-checkpoint thread and of 20 selections, against the fixture engine on the
 * production build, left unminified so function names are readable (React's production build, so
 * the costs are the real ones). Prints the top functions by self and by total time and writes the
 * raw .cpuprofile files to the temporary folder it names (open them in Chrome DevTools).
 *
 * Run: `npx tsx bench/ui/ui-profile.ts` (set BENCH_PORT / CHROMIUM_PATH to change the defaults).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { installFakeEngine } from '../../e2e/ui-fixtures/fake-engine';
import { topSelf, topTotal, type Profile } from './cpu-profile';
import { benchMain } from './serve';

const PORT = Number(process.env.BENCH_PORT ?? 4192);
const BASE = `http://127.0.0.1:${PORT}/?testGraphs=1`;

/** Frames worth a total: components (capitalized) and a few React/store entry points. */
const APP_FN = /^([A-Z][A-Za-z]+|select\w*|layout\w*|merge\w*|load\w*|open\w*|set\w*|performWorkOnRoot|commitRoot|flushSyncWork\w*|dispatchEvent|write)$/;

async function profiled(cdp: CDPSession, run: () => Promise<unknown>): Promise<Profile> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await run();
  const { profile } = await cdp.send('Profiler.stop');
  return profile as unknown as Profile;
}

async function open(page: Page): Promise<void> {
  await page.goto(BASE);
  await page.locator('[data-testid="worker-status"][data-status="ready"]').waitFor();
  await page.locator('[data-testid="thread-picker"] option[value="big"]').waitFor({ state: 'attached' });
}

benchMain(PORT, 'BENCH_PORT', { minify: false }, async (browser) => {
  const out = mkdtempSync(join(tmpdir(), 'replaygraph-profile-'));
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript({ content: 'window.__name = (f) => f;' });
  await page.addInitScript(installFakeEngine, { bigThread: 10_000 });
  await open(page); // warm the dev server's module transforms
  await open(page);
  const cdp = await page.context().newCDPSession(page);
  const openProfile = await profiled(cdp, async () => {
    await page.getByTestId('thread-picker').selectOption('big');
    await page.locator('[data-testid="timeline"][data-complete="true"]').waitFor();
    await page.locator('[data-testid="tab-state"]').waitFor();
    await page.waitForTimeout(300);
  });
  writeFileSync(join(out, 'open.cpuprofile'), JSON.stringify(openProfile));
  console.log('opening the 10,000-checkpoint thread, top self time:\n' + topSelf(openProfile, 25).join('\n'));
  console.log('\ntop total time (capitalized: components; and named app functions):\n' + topTotal(openProfile, 30, undefined, APP_FN).join('\n'));
  const selectProfile = await profiled(cdp, () =>
    page.evaluate(async () => {
      const scroller = document.querySelector<HTMLElement>('[data-testid="timeline"]')!;
      const panel = document.querySelector<HTMLElement>('[data-testid="inspector-panel"]')!;
      for (let i = 0; i < 20; i++) {
        scroller.scrollTop = (i * 487 % 9000) * 28;
        await new Promise((r) => requestAnimationFrame(r));
        await new Promise((r) => requestAnimationFrame(r));
        const row = document.querySelector<HTMLElement>('[data-testid="timeline-row"][aria-selected="false"]')!;
        const id = row.getAttribute('data-checkpoint-id');
        row.click();
        while (panel.getAttribute('data-checkpoint-id') !== id || panel.querySelector('[data-testid="tab-state"]') === null) await new Promise((r) => setTimeout(r, 0));
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      }
    }),
  );
  writeFileSync(join(out, 'select.cpuprofile'), JSON.stringify(selectProfile));
  console.log('\n20 selections, top self time:\n' + topSelf(selectProfile, 25).join('\n'));
  console.log('\ntop total time:\n' + topTotal(selectProfile, 30, undefined, APP_FN).join('\n'));
  console.log(`\nprofiles written to ${out}`);
});
