import { MemorySaver, entrypoint, task, type LangGraphRunnableConfig } from '@langchain/langgraph';

// The functional API streaming custom data and updates; a task with a retry policy; task errors caught.
let flaky = 0;
const fetchPage = task({ name: 'fetchPage', retry: { maxAttempts: 3, initialInterval: 1, jitter: false, logWarning: false } }, async (page: number) => {
  flaky += 1;
  if (page === 2 && flaky < 3) throw new Error(`page ${page} timed out`);
  return `page ${page} (${page * 10} rows)`;
});
const broken = task('broken', async () => {
  throw new Error('no such page');
});

const crawl = entrypoint({ name: 'crawl', checkpointer: new MemorySaver() }, async (pages: number, config: LangGraphRunnableConfig) => {
  const results: string[] = [];
  for (let p = 1; p <= pages; p++) {
    results.push(await fetchPage(p));
    config.writer?.({ done: p, of: pages });
  }
  let failure = '';
  try {
    await broken();
  } catch (e) {
    failure = (e as Error).message;
  }
  return { results, failure };
});

const config = { configurable: { thread_id: 'crawl' } };
try {
  for await (const [mode, chunk] of await crawl.stream(3, { ...config, streamMode: ['custom', 'updates'] })) {
    console.log(mode, JSON.stringify(chunk));
  }
  console.log('finished');
} catch (error) {
  // The failed task fails the run, although the entrypoint caught its error.
  console.log('run failed:', (error as Error).message);
}
console.log('attempts', flaky);
const state = await crawl.getState(config);
console.log('next', JSON.stringify(state.next));
