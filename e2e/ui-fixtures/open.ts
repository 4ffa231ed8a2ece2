/** Opens the app on the fixture engine with the given switches and waits for the worker hello. */
import { expect, type Page } from '@playwright/test';
import { installFakeEngine, type FakeEngineOptions } from './fake-engine';

/** Opens `path` (query string included) with the fixture engine installed. */
export async function openWithFixture(page: Page, opts: FakeEngineOptions, path = '/'): Promise<void> {
  await page.addInitScript(installFakeEngine, opts);
  await page.goto(path);
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
}
