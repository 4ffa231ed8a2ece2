/**
 * Opening the checkpoints LangGraph apps already write, in real Chromium: each fixture of
 * tests/fixtures/checkpoints chosen through the Files view, its threads, checkpoints, namespaces
 * and pending writes shown in the debugger's own views, read-only; bad files refused with a
 * clear message and nothing changed (a 2 GB sparse file among them); "continue here" forking a
 * JS thread into a native one that our engine runs.
 */
import { copyFile, mkdtemp, open as openFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { setEditorSource } from './editor-helpers';

const FIXTURES = fileURLToPath(new URL('../tests/fixtures/checkpoints/', import.meta.url));
const fx = (p: string) => join(FIXTURES, p);

/** The runs of scripts/fixtures/js-graphs.ts, as every store holds them: root checkpoints and subgraph namespaces. */
const SCENARIOS: Record<string, { checkpoints: number; namespaces: number }> = {
  'error-resume': { checkpoints: 4, namespaces: 1 },
  'parallel-interrupts': { checkpoints: 2, namespaces: 1 },
  'parallel-interrupts-resumed': { checkpoints: 3, namespaces: 1 },
  subgraph: { checkpoints: 9, namespaces: 2 },
  chat: { checkpoints: 5, namespaces: 1 },
  'map-reduce': { checkpoints: 4, namespaces: 1 },
  delta: { checkpoints: 9, namespaces: 1 },
};
/** The dev server fixture runs four of them on threads with fixed UUIDs. */
const DEV_THREADS: Record<string, string> = {
  '00000000-0000-4000-8000-000000000001': 'error-resume',
  '00000000-0000-4000-8000-000000000002': 'parallel-interrupts',
  '00000000-0000-4000-8000-000000000003': 'subgraph',
  '00000000-0000-4000-8000-000000000004': 'chat',
};

interface Fixture {
  title: string;
  files: string[];
  format: string;
  /** Thread id in the file → scenario. */
  threads: Record<string, string>;
  extra?: Record<string, { checkpoints: number; namespaces: number }>;
}

const all = Object.fromEntries(Object.keys(SCENARIOS).map((k) => [k, k]));
const FIXTURE_SETS: Fixture[] = [
  { title: 'JS SQLite saver', files: ['js/runs.sqlite'], format: 'SQLite checkpointer', threads: all },
  { title: 'Python SQLite saver (msgpack)', files: ['python/runs.sqlite'], format: 'SQLite checkpointer', threads: all, extra: { 'py-values': { checkpoints: 1, namespaces: 1 }, 'py-legacy': { checkpoints: 2, namespaces: 1 } } },
  { title: 'Python Postgres dump', files: ['python/postgres-dump.json'], format: 'Postgres dump', threads: all },
  { title: 'JS Postgres dump (JSON)', files: ['postgres/js-dump.json'], format: 'Postgres dump', threads: all },
  { title: 'JS Postgres dump (3 CSV files)', files: ['postgres/csv/checkpoints.csv', 'postgres/csv/checkpoint_blobs.csv', 'postgres/csv/checkpoint_writes.csv'], format: 'Postgres dump', threads: all },
  { title: 'JS dev server store', files: ['langgraph-dev/.langgraphjs_api.checkpointer.json'], format: 'JS dev server store', threads: DEV_THREADS },
];

async function openFilesView(page: Page): Promise<void> {
  await page.goto('/?view=files');
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('files-view')).toBeVisible();
}

/** Chooses files in the Files view; resolves with the opened file's section. */
async function choose(page: Page, paths: string[]) {
  if (!(await page.getByTestId('files-view').isVisible())) await page.getByTestId('view-files').click();
  const before = await page.getByTestId('opened-file').count();
  await page.getByTestId('files-input').setInputFiles(paths);
  await expect(page.getByTestId('files-busy')).toHaveCount(0, { timeout: 40_000 });
  return { before };
}

function fileThreadRow(page: Page, file: string, thread: string) {
  return page.locator(`[data-testid="opened-file"][data-file="${file}"] [data-testid="file-thread"][data-thread="${thread}"]`);
}

async function threadOptions(page: Page): Promise<string[]> {
  return page.getByTestId('thread-picker').locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean).sort());
}

/** Opens a file's thread in the debugger and waits for its timeline. */
async function openInDebugger(page: Page, file: string, thread: string, rows: number): Promise<void> {
  await page.getByTestId('view-files').click();
  await fileThreadRow(page, file, thread).getByTestId('open-file-thread').click();
  await expect(page.getByTestId('file-thread-bar')).toContainText(thread);
  await expect(page.getByTestId('timeline-row')).toHaveCount(rows, { timeout: 30_000 });
}

test.describe('open your app\'s checkpoints', () => {
  // Each test walks several threads through the debugger (or writes a graph and runs it): more than the default 30 s on a loaded machine.
  test.describe.configure({ timeout: 90_000 });
  for (const fixture of FIXTURE_SETS) {
    test(`${fixture.title}: threads, checkpoints, namespaces and pending writes in the debugger, read-only`, async ({ page }) => {
      await openFilesView(page);
      await choose(page, fixture.files.map(fx));
      const name = fixture.files[0]!.split('/').at(-1)!;
      const section = page.locator(`[data-testid="opened-file"][data-file="${name}"]`);
      await expect(section).toBeVisible();
      await expect(section.getByTestId('opened-file-format')).toHaveText(fixture.format);
      const expected = { ...Object.fromEntries(Object.entries(fixture.threads).map(([id, s]) => [id, SCENARIOS[s]!])), ...fixture.extra };
      await expect(section.getByTestId('file-thread')).toHaveCount(Object.keys(expected).length);
      for (const [id, e] of Object.entries(expected)) {
        const row = fileThreadRow(page, name, id);
        await expect(row.getByTestId('file-thread-namespaces')).toHaveText(String(e.namespaces));
        // The list counts every namespace's checkpoints.
        if (e.namespaces === 1) await expect(row.getByTestId('file-thread-checkpoints')).toHaveText(String(e.checkpoints));
      }
      const byScenario = (s: string) => Object.entries(fixture.threads).find(([, v]) => v === s)![0];

      // Two interrupts pending at the head: the status says so, the writes tab lists them.
      const pi = byScenario('parallel-interrupts');
      await expect(fileThreadRow(page, name, pi).getByTestId('file-thread-status')).toHaveText('interrupted');
      await openInDebugger(page, name, pi, 2);
      await page.locator('[data-testid="timeline-row"]').first().click();
      await page.getByTestId('inspector-tab-writes').click();
      await expect(page.getByTestId('pending-write')).toHaveCount(2);
      await expect(page.getByTestId('tab-writes')).toContainText('__interrupt__');
      await expect(page.getByTestId('tab-writes')).toContainText('Approve A?');
      await expect(page.locator('[data-testid="pending-write"][data-disposition="pending"]')).toHaveCount(2);
      // Read-only: every action that writes is disabled and says why.
      await expect(page.getByTestId('read-only-badge')).toBeVisible();
      for (const id of ['action-step', 'action-continue', 'action-replay', 'action-fork', 'action-delete']) {
        await expect(page.getByTestId(id)).toBeDisabled();
        await expect(page.getByTestId(id)).toHaveAttribute('title', /read|close the file/i);
      }

      // A subgraph's namespace: its own checkpoints, in the same timeline.
      await openInDebugger(page, name, byScenario('subgraph'), 5);
      const child = page.locator('[data-testid="ns-node"][data-ns^="child:"]');
      await expect(child).toHaveCount(1);
      await child.click();
      await expect(page.getByTestId('timeline-row')).toHaveCount(4);

      // The failed step of an error then a resume: the error and the sibling's saved write.
      await openInDebugger(page, name, byScenario('error-resume'), 4);
      await page.locator('[data-testid="timeline-row"][data-step="1"]').click();
      await page.getByTestId('inspector-tab-writes').click();
      await expect(page.getByTestId('tab-writes')).toContainText('__error__');
      await expect(page.getByTestId('tab-writes')).toContainText('web search timed out');
      // Dispositions from the write ledger (checkpoint data alone): the step completed after the retry.
      const errorRows = page.locator('[data-testid="pending-write"]', { hasText: '__error__' });
      await expect(errorRows.first()).toHaveAttribute('data-disposition', 'superseded');
      // Its whole story: skipped on resume (web runs again), then replaced by web's new writes.
      const story = errorRows.first().getByTestId('write-story-step');
      await expect(story).toHaveCount(2);
      await expect(story.nth(0)).toContainText('skipped on resume');
      await expect(story.nth(0)).toContainText('control signals are never re-applied');
      // (A file has no graph: the task is named by its id unless the checkpoint names it.)
      await expect(story.nth(1)).toContainText(/superseded at step 1 by .+'s new writes/);
      await expect(page.locator('[data-testid="pending-write"]', { hasText: 'results' }).first()).toHaveAttribute('data-disposition', 'applied');

      // Messages decoded from the file's own serialization.
      await openInDebugger(page, name, byScenario('chat'), 5);
      await page.locator('[data-testid="timeline-row"]').first().click();
      await page.getByTestId('inspector-tab-state').click();
      await expect(page.getByTestId('inspector-panel')).toContainText(/"messages": \[ \(\d+ items\)/);
      const count = Number(/"messages": \[ \((\d+) items\)/.exec(await page.getByTestId('inspector-panel').innerText())![1]);
      await page.getByTestId('inspector-panel').getByRole('button', { name: `Expand ${count - 1}`, exact: true }).click();
      await expect(page.getByTestId('inspector-panel')).toContainText('It is sunny in Paris.');
    });
  }

  test('real databases from GitHub: the pre-mid-2024 layout and a Python app with tool calls show their values and the calls', async ({ page }) => {
    await openFilesView(page);
    // langgraph 0.0.x's saver (thread_ts ids, JSON v1 checkpoints, no writes table).
    await choose(page, [fx('real/delivery-service-2024/checkpoints.sqlite')]);
    const old = page.locator('[data-testid="opened-file"][data-file="checkpoints.sqlite"]');
    await expect(old.getByTestId('opened-file-format')).toHaveText('SQLite checkpointer');
    await expect(fileThreadRow(page, 'checkpoints.sqlite', '4').getByTestId('file-thread-checkpoints')).toHaveText('37');
    await page.getByTestId('view-files').click();
    await fileThreadRow(page, 'checkpoints.sqlite', '4').getByTestId('open-file-thread').click();
    await expect(page.getByTestId('file-thread-bar')).toContainText('4');
    // The timeline shows its first page of the 37.
    await expect(page.getByTestId('timeline-row').first()).toBeVisible({ timeout: 30_000 });
    await page.locator('[data-testid="timeline-row"]').first().click();
    await page.getByTestId('inspector-tab-state').click();
    const oldMessages = page.getByTestId('chat-transcript').getByTestId('chat-message');
    await expect(oldMessages).toHaveCount(21);
    await expect(oldMessages.first()).toContainText('Which version of github.com/gardener/cc-utils is used in the landscape?');
    await expect(page.locator('[data-testid="chat-message"][data-role="ai"] [data-testid="chat-tool-call"][data-tool="route"]').first()).toBeVisible();
    await expect(page.locator('[data-testid="chat-tool-call"][data-tool="(unnamed)"]')).toHaveCount(0);

    // A Python app (langgraph-checkpoint-sqlite, msgpack) whose AI message calls two tools.
    await choose(page, [fx('real/braid/langgraph.db')]);
    await openInDebugger(page, 'langgraph.db', '955e4910-f47a-4ed8-8ca4-a31a89c011e4', 5);
    await page.locator('[data-testid="timeline-row"]').first().click();
    await page.getByTestId('inspector-tab-state').click();
    await expect(page.getByTestId('inspector-panel')).toContainText('user_id');
    const messages = page.getByTestId('chat-transcript').getByTestId('chat-message');
    await expect(messages).toHaveCount(5);
    await expect(messages.nth(1)).toHaveAttribute('data-role', 'ai');
    const calls = messages.nth(1).getByTestId('chat-tool-call');
    await expect(calls).toHaveCount(2);
    await expect(calls.nth(0)).toHaveAttribute('data-tool', 'save_user_preferences');
    await expect(calls.nth(1)).toHaveAttribute('data-tool', 'screen_stocks');
    await expect(messages.nth(2)).toHaveAttribute('data-role', 'tool');
  });

  test('an interrupted thread of a SQLite file: the next nodes, their tasks and interrupts, and the graph its run shows', async ({ page }) => {
    await openFilesView(page);
    await choose(page, [fx('js/runs.sqlite')]);
    await openInDebugger(page, 'runs.sqlite', 'parallel-interrupts', 2);
    // Computed from the checkpoint data: the head waits at both nodes, the input checkpoint at __start__.
    const rows = page.getByTestId('timeline-row');
    await expect(rows.first().locator('.tl-next')).toHaveText('→ ask_a, ask_b');
    await expect(rows.nth(1).locator('.tl-next')).toHaveText('→ __start__');
    await rows.first().click();
    await page.getByTestId('inspector-tab-tasks').click();
    const tasks = page.getByTestId('task');
    await expect(tasks).toHaveCount(2);
    await expect(page.locator('[data-testid="task"][data-task="ask_a"]')).toContainText('Approve A?');
    await expect(page.locator('[data-testid="task"][data-task="ask_b"]')).toContainText('Approve B?');
    await expect(page.locator('[data-testid="task"][data-task="ask_a"]').getByTestId('trigger')).toContainText('branch:to:ask_a');
    await expect(page.getByTestId('task-inferred').first()).toHaveAttribute('title', /without the graph/);
    // The interrupts are shown as questions (answered only by a native copy: "Continue here").
    await expect(page.getByTestId('interrupt-value')).toHaveCount(2);
    // The canvas draws what the run did, and says so.
    await expect(page.getByTestId('observed-note')).toContainText('not the declared graph');
    for (const node of ['__start__', 'ask_a', 'ask_b']) await expect(page.getByTestId(`graph-node-${node}`)).toBeVisible();
  });

  test('a database and its -wal: the newest checkpoints are merged from the WAL', async ({ page }) => {
    await openFilesView(page);
    await choose(page, [fx('js/wal.sqlite')]);
    await expect(fileThreadRow(page, 'wal.sqlite', 'wal-thread').getByTestId('file-thread-checkpoints')).toHaveText('3');
    await expect(fileThreadRow(page, 'wal.sqlite', 'wal-only-thread')).toHaveCount(0);
    await page.locator('[data-testid="opened-file"][data-file="wal.sqlite"]').getByTestId('close-file').click();
    await expect(page.getByTestId('opened-file')).toHaveCount(0);
    await choose(page, [fx('js/wal.sqlite'), fx('js/wal.sqlite-wal')]);
    await expect(page.getByTestId('opened-file-wal')).toContainText('WAL merged');
    await expect(fileThreadRow(page, 'wal.sqlite', 'wal-thread').getByTestId('file-thread-checkpoints')).toHaveText('9');
    await expect(fileThreadRow(page, 'wal.sqlite', 'wal-only-thread').getByTestId('file-thread-checkpoints')).toHaveText('3');
    await openInDebugger(page, 'wal.sqlite', 'wal-thread', 9);
  });

  test('hostile blobs (pickle, encrypted, unknown extension) are shown as opaque values, never a crash', async ({ page }) => {
    await openFilesView(page);
    await choose(page, [fx('python/runs.sqlite')]);
    await openInDebugger(page, 'runs.sqlite', 'py-values', 1);
    await page.locator('[data-testid="timeline-row"]').first().click();
    await page.getByTestId('inspector-tab-writes').click();
    await expect(page.getByTestId('pending-write')).toHaveCount(9);
    await expect(page.getByTestId('tab-writes')).toContainText('opaque');
    await expect(page.getByTestId('tab-writes')).toContainText('pickle');
  });

  test('bad files get a clear message and change nothing, a 2 GB file included', async ({ page }) => {
    const dir = await mkdtemp(join(tmpdir(), 'rg-bad-files-'));
    try {
      await openFilesView(page);
      const threadsBefore = await threadOptions(page);
      const sparse = async (name: string, head: Buffer | null, size: number) => {
        const path = join(dir, name);
        const fh = await openFile(path, 'w');
        if (head) await fh.write(head, 0, head.length, 0);
        await fh.truncate(size);
        await fh.close();
        return path;
      };
      const { readFile } = await import('node:fs/promises');
      const db = await readFile(fx('js/runs.sqlite'));
      const GB2 = 2 * 1024 * 1024 * 1024;
      const cases: [string, string[], string][] = [
        ['not SQLite', [await sparse('notes.sqlite', Buffer.from('just some notes, not a database'), 31)], 'FORMAT_UNRECOGNIZED'],
        ['truncated', [await sparse('cut.sqlite', db.subarray(0, 60), 60)], 'FORMAT_TRUNCATED'],
        ['cut between pages', [await sparse('half.sqlite', db.subarray(0, 6000), 6000)], 'FORMAT_'],
        ['a JSON store of 2 GB', [await sparse('big.json', Buffer.from('{"storage":'), GB2)], 'FORMAT_TOO_LARGE'],
        ['2 GB of nothing', [await sparse('zeros.db', null, GB2)], 'FORMAT_UNRECOGNIZED'],
      ];
      // Another app's SQLite database: the right magic, the wrong tables.
      const schemaPath = join(dir, 'other-app.sqlite');
      const { default: Database } = await import('better-sqlite3');
      const other = new Database(schemaPath);
      other.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES (\'hello\');');
      other.close();
      cases.push(['the wrong schema', [schemaPath], 'FORMAT_SCHEMA']);
      for (const [what, paths, code] of cases) {
        await choose(page, paths);
        const problem = page.getByTestId('files-problem');
        await expect(problem, what).toBeVisible();
        await expect(problem, what).toHaveAttribute('data-code', new RegExp(`^${code}`));
        await expect(problem, what).toContainText('Nothing was opened or changed');
        await expect(page.getByTestId('opened-file'), what).toHaveCount(0);
      }
      expect(await threadOptions(page)).toEqual(threadsBefore);

      // A 2 GB SQLite file opens: only the pages SQLite needs are read.
      const big = join(dir, 'big.sqlite');
      await copyFile(fx('js/runs.sqlite'), big);
      const fh = await openFile(big, 'r+');
      await fh.truncate(GB2);
      await fh.close();
      await choose(page, [big]);
      const section = page.locator('[data-testid="opened-file"][data-file="big.sqlite"]');
      await expect(section.getByTestId('file-thread')).toHaveCount(7);
      await expect(section).toContainText('2 GB');
      await expect(section).toContainText(/read \d+(\.\d)? KB/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('continue here: a JS thread forked at its failed step runs on with the graph written in the editor', async ({ page }) => {
    await page.goto('/?view=editor');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await expect(page.locator('.cm-content')).toContainText("from 'replaygraph'");
    const graphName = `error-resume-${Date.now().toString(36)}`;
    await page.getByTestId('editor-name').fill(graphName);
    await setEditorSource(page, [
      "import { Annotation, END, START, StateGraph } from 'replaygraph';",
      "export const title = 'Error then resume';",
      'const State = Annotation.Root({',
      '  topic: Annotation<string>(),',
      '  results: Annotation<string[]>({ reducer: (a: string[], b: string[] | string) => a.concat(b), default: () => [] }),',
      '});',
      'export default new StateGraph(State)',
      "  .addNode('plan', () => ({ results: ['plan'] }))",
      "  .addNode('web', () => ({ results: ['web'] }))",
      "  .addNode('docs', () => ({ results: ['docs'] }))",
      "  .addNode('join', (s) => ({ results: ['joined ' + s.results.length] }))",
      "  .addEdge(START, 'plan')",
      "  .addEdge('plan', 'web')",
      "  .addEdge('plan', 'docs')",
      "  .addEdge(['web', 'docs'], 'join')",
      "  .addEdge('join', END);",
    ].join('\n'));
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'saved', { timeout: 30_000 });

    await choose(page, [fx('js/runs.sqlite')]);
    await openInDebugger(page, 'runs.sqlite', 'error-resume', 4);
    await page.locator('[data-testid="timeline-row"][data-step="1"]').click();
    await expect(page.getByTestId('inspector-panel')).toContainText('plan');
    // Without a graph: the tasks are inferred, the canvas draws what the run did.
    await page.getByTestId('inspector-tab-tasks').click();
    await expect(page.getByTestId('task')).toHaveCount(2);
    await expect(page.getByTestId('task-inferred')).toHaveCount(2);
    await expect(page.getByTestId('observed-note')).toBeVisible();
    await expect(page.getByTestId('continue-here')).toBeDisabled();
    // The thread's graph attached: its declared tasks and drawing, and "Continue here" runs it.
    await page.getByTestId('continue-graph').selectOption(`user:${graphName}`);
    await expect(page.getByTestId('observed-note')).toHaveCount(0);
    await expect(page.getByTestId('graph-node-join')).toBeVisible();
    await expect(page.getByTestId('task')).toHaveCount(2);
    await expect(page.getByTestId('task-inferred')).toHaveCount(0);
    await page.getByTestId('continue-here').click();

    // A native thread now: no read-only bar, a run of our engine that ends done.
    await expect(page.getByTestId('file-thread-bar')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    await expect(page.getByTestId('timeline-row')).toHaveCount(4);
    await page.locator('[data-testid="timeline-row"][data-step="2"]').click();
    await page.getByTestId('inspector-tab-state').click();
    await expect(page.getByTestId('inspector-panel')).toContainText('docs');
    await expect(page.getByTestId('inspector-panel')).toContainText('web');
    await expect(page.getByTestId('action-replay')).toBeEnabled();
  });
});
