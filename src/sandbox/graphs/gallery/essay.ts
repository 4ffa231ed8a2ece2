/**
 * The functional API: an entrypoint calls tasks. The review interrupt stops the workflow; on resume
 * the entrypoint runs again from the top, and `compose` — a task that already finished — is served
 * from its saved result instead of running again.
 */
import { MemorySaver, entrypoint, interrupt, task } from 'replaygraph';

export const title = 'Essay workflow (functional API)';
export const description =
  'An entrypoint composes an essay with a task, then asks for a review with interrupt(). ' +
  'Resume it: the entrypoint runs again from the top, but compose is not run again (its saved result is used), so the essay says it was composed once.';
export const exampleInput = { topic: 'checkpoints' };

// Counts real executions of compose in this worker (a replayed task does not count).
let composeRuns = 0;

const compose = task('compose', async (topic: string) => {
  composeRuns += 1;
  return `An essay about ${topic} (compose run #${composeRuns})`;
});

const polish = task('polish', async (essay: string, verdict: string) => `${essay} — reviewed: ${verdict}`);

// The checkpointer here is replaced by the debugger's own when the graph is loaded.
export default entrypoint({ name: 'essay', checkpointer: new MemorySaver() }, async (input: { topic: string }) => {
  const essay = await compose(input.topic);
  const verdict = interrupt({ question: 'Review the essay: approve or give a verdict', essay });
  const final = await polish(essay, typeof verdict === 'string' ? verdict : JSON.stringify(verdict));
  return { essay: final };
});
