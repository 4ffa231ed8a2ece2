/**
 * The graph drawing with the real engine worker: an entrypoint with the tasks it called, loops
 * drawn apart with readable labels clear of nodes and of the canvas controls, and a view that
 * fits again when a subgraph is expanded or collapsed.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Box, b: Box) => a.x >= b.x - 1 && a.y >= b.y - 1 && a.x + a.width <= b.x + b.width + 1 && a.y + a.height <= b.y + b.height + 1;

async function boxes(list: Locator): Promise<Box[]> {
  const out: Box[] = [];
  for (const el of await list.all()) out.push((await el.boundingBox())!);
  return out;
}

async function open(page: Page, graph: string): Promise<void> {
  await page.goto(`/?graph=${graph}`);
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  // The first layout also starts the layout worker: allow for a slow start on a busy machine.
  await expect(page.locator('.react-flow__node').first()).toBeVisible({ timeout: 30_000 });
}

/** Nothing is drawn over the label: the topmost element at its centre is the label itself. */
async function expectOnTop(label: Locator): Promise<void> {
  const b = (await label.boundingBox())!;
  const hit = await label.page().evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.react-flow__edge-textwrapper') !== null, { x: b.x + b.width / 2, y: b.y + b.height / 2 });
  expect(hit, 'the label is not covered').toBe(true);
}

/** Every node and edge label lies inside the canvas pane, and none under the zoom controls. */
async function expectFitted(page: Page): Promise<void> {
  // The fit is applied a moment after a layout: wait until it holds.
  await expect(async () => {
    const pane = (await page.locator('.graph-pane').boundingBox())!;
    const controls = (await page.locator('.react-flow__controls').boundingBox())!;
    const drawn = [...(await boxes(page.locator('.react-flow__node'))), ...(await boxes(page.locator('.react-flow__edge-text')))];
    expect(drawn.length).toBeGreaterThan(0);
    for (const b of drawn) {
      expect(inside(b, pane), `${JSON.stringify(b)} inside the pane ${JSON.stringify(pane)}`).toBe(true);
      expect(overlaps(b, controls), `${JSON.stringify(b)} clear of the controls`).toBe(false);
    }
  }).toPass({ timeout: 5_000 });
}

test('an entrypoint graph is drawn with no tasks before a run, and with the tasks it called after one', async ({ page }) => {
  await open(page, 'essay');
  await expect(page.getByTestId('graph-node-essay')).toBeVisible();
  await expect(page.getByTestId('graph-node-__start__')).toBeVisible();
  await expect(page.getByTestId('entrypoint-note')).toContainText('No tasks seen yet');
  await expect(page.locator('.react-flow__node')).toHaveCount(3);
  await page.getByTestId('run-new').click();
  await expect(page.getByTestId('interrupt-form')).toHaveCount(1, { timeout: 30_000 });
  const compose = page.getByTestId('graph-node-compose');
  await expect(compose).toBeVisible();
  await expect(compose).toHaveClass(/rg-node-task/);
  await expect(page.getByTestId('entrypoint-note')).toContainText('tasks as called in this thread');
  // The call from the entrypoint to its task is dashed.
  const call = page.locator('.react-flow__edge.edge-call');
  await expect(call).toHaveCount(1);
  expect(await call.locator('path.react-flow__edge-path').evaluate((p) => getComputedStyle(p).strokeDasharray)).not.toBe('none');
  // Below the entrypoint, as a child.
  expect((await compose.boundingBox())!.y).toBeGreaterThan((await page.getByTestId('graph-node-essay').boundingBox())!.y);
  await expectFitted(page);
});

test('a cyclic agent graph draws its back edges apart, labels clear of every node and of the controls', async ({ page }) => {
  await open(page, 'react-agent');
  // guard → agent and tools → agent close the loops.
  await expect(page.locator('.react-flow__edge.edge-back')).toHaveCount(2);
  const backColor = await page.locator('.react-flow__edge.edge-back path.react-flow__edge-path').first().evaluate((p) => getComputedStyle(p).stroke);
  const plainColor = await page.locator('.react-flow__edge.edge-normal:not(.edge-back) path.react-flow__edge-path').first().evaluate((p) => getComputedStyle(p).stroke);
  expect(backColor).not.toBe(plainColor);
  const nodes = await boxes(page.locator('.react-flow__node'));
  const labels = await boxes(page.locator('.react-flow__edge-text'));
  expect(labels.length).toBeGreaterThan(0);
  for (const l of labels) for (const n of nodes) expect(overlaps(l, n), `label ${JSON.stringify(l)} over node ${JSON.stringify(n)}`).toBe(false);
  for (const l of await page.locator('.react-flow__edge-text').all()) await expectOnTop(l);
  await expectFitted(page);
});

test('a loop back with a label (work → work "again") is readable and clear of nodes', async ({ page }) => {
  await open(page, 'subgraph-loop');
  const again = page.locator('.react-flow__edge.edge-back .react-flow__edge-text').filter({ hasText: 'again' });
  await expect(again).toHaveCount(1);
  const label = (await again.boundingBox())!;
  for (const n of await boxes(page.locator('.react-flow__node'))) expect(overlaps(label, n)).toBe(false);
  await expectOnTop(again);
  await expectFitted(page);
});

test('expanding and collapsing a subgraph fits the view again: every node within the canvas', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page, 'subgraph-loop');
  await expectFitted(page);
  await page.getByTestId('expand-work').click();
  await expect(page.getByTestId('graph-node-work/fetch')).toBeVisible();
  await expectFitted(page);
  await page.getByTestId('expand-work').click();
  await expect(page.getByTestId('graph-node-work/fetch')).toHaveCount(0);
  await expectFitted(page);
});

test('each node shows what it read and wrote at the selected checkpoint', async ({ page }) => {
  await open(page, 'retry-fork');
  await page.getByTestId('run-new').click();
  await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
  await page.locator('[data-testid="timeline-row"]').filter({ hasText: '→ fetch' }).click();
  await expect(page.getByTestId('node-io-fetch')).toHaveText(/^read .+ → wrote .*price/);
  await page.locator('[data-testid="timeline-row"]').filter({ hasText: '→ compute' }).click();
  await expect(page.getByTestId('node-io-compute')).toBeVisible();
  await expect(page.getByTestId('node-io-fetch')).toHaveCount(0);
});
