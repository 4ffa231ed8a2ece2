/**
 * The functional API: an entrypoint calls tasks. The review interrupt stops the workflow; on resume
 * the entrypoint runs again from the top, and `compose` — a task that already finished — is served
 * from its saved result instead of running again.
 */
import { MemorySaver, entrypoint, interrupt, task } from 'replaygraph';

export const title = 'Essay workflow (functional API)';
export const description =
  'An entrypoint composes an essay with a task, then asks for a review with interrupt(). ' +
  'Resume it: the entrypoint runs again from the top, but compose is not run again (its saved result is used), so the essay names the same draft as at the review.';
export const exampleInput = { topic: 'checkpoints' };

// Each real execution of compose names a new draft (a task served from its saved result does not):
// the essay after the resume names the draft shown at the review.
const compose = task('compose', async (topic: string) => `An essay about ${topic} (draft ${Math.random().toString(36).slice(2, 8)})`);

const polish = task('polish', async (essay: string, verdict: string) => `${essay} — reviewed: ${verdict}`);

// The checkpointer here is replaced by the debugger's own when the graph is loaded.
export default entrypoint({ name: 'essay', checkpointer: new MemorySaver() }, async (input: { topic: string }) => {
  const essay = await compose(input.topic);
  const verdict = interrupt({ question: 'Review the essay: approve or give a verdict', essay });
  const final = await polish(essay, typeof verdict === 'string' ? verdict : JSON.stringify(verdict));
  return { essay: final };
});
