import { Command, MemorySaver, entrypoint, interrupt, task } from '@langchain/langgraph';

// Human in the loop in the functional API: a finished task is not run again on resume.
let writes = 0;
const writeEssay = task('writeEssay', async (topic: string) => {
  writes += 1;
  return `An essay about ${topic}.`;
});

const reviewFlow = entrypoint({ name: 'review', checkpointer: new MemorySaver() }, async (topic: string) => {
  const essay = await writeEssay(topic);
  const review = interrupt({ essay, action: 'Please review' }) as { approved: boolean };
  return { essay, approved: review.approved };
});

const config = { configurable: { thread_id: 'essay' } };
for await (const chunk of await reviewFlow.stream('cats', { ...config, streamMode: 'updates' })) {
  const entries = Object.entries(chunk as Record<string, unknown>);
  for (const [key, value] of entries) {
    if (key === '__interrupt__') console.log('interrupt', JSON.stringify((value as { value: unknown }[]).map((i) => i.value)));
    else console.log('update', key, JSON.stringify(value));
  }
}
const paused = await reviewFlow.getState(config);
console.log('next', JSON.stringify(paused.next), 'interrupts', paused.tasks.flatMap((t) => t.interrupts).length);

const result = await reviewFlow.invoke(new Command({ resume: { approved: true } }), config);
console.log(JSON.stringify(result));
console.log('essay written', writes, 'time(s)');
