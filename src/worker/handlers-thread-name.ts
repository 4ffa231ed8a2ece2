/** rg/thread.rename: the name a user gives a stored thread, kept with the thread in storage. */
import type { ReplyOf, ToWorker } from '../protocol/messages';
import { HostError, type HostContext } from './context';

type Req = Extract<ToWorker, { type: 'rg/thread.rename' }>;

/**
 * Names a stored thread; an empty (or blank) name removes the name. Only the name changes, so a
 * rename during a run is safe: storage changes the thread's record in one transaction.
 */
export async function onThreadRename(ctx: HostContext, m: Req): Promise<Omit<ReplyOf['rg/thread.rename'], 'id'>> {
  const known = (await ctx.store.listThreads()).some((t) => t.threadId === m.threadId);
  if (!known) throw new HostError('NOT_FOUND', `There is no thread "${m.threadId}" in this browser to rename.`);
  await ctx.store.renameThread(m.threadId, m.name.trim());
  return { type: 'rg/ok' };
}
