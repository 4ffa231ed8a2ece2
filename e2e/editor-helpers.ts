/** Editor steps shared by the e2e specs that write graph code. */
import type { Page } from '@playwright/test';

/** Replaces the editor's text as a user would: select all, delete, type. */
export async function setEditorSource(page: Page, source: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(source);
}
