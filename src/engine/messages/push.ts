/**
 * `pushMessage`: a node hands a message to the `messages` stream at once, before it returns, and
 * (unless `stateKey` is null) writes it to the state when the node finishes.
 */
import { coerceMessageLikeToMessage, type BaseMessage, type BaseMessageLike } from '@langchain/core/messages';
import type { RunnableConfig } from '../checkpoint/types';
import { currentTask } from '../pregel/context';
import type { StreamMessagesHandler } from '../stream/messages';

/** Options of `pushMessage`: the node's config, and where the message goes in the state. */
export type PushMessageOptions = RunnableConfig & {
  /** The state key to write the message to. @default 'messages'; `null`: stream only. */
  stateKey?: string | null;
};

/** The handlers of a `callbacks` value (a list or a CallbackManager). */
function handlersOf(callbacks: unknown): unknown[] {
  if (Array.isArray(callbacks)) return callbacks;
  const handlers = (callbacks as { handlers?: unknown[] } | undefined)?.handlers;
  return Array.isArray(handlers) ? handlers : [];
}

const isMessagesHandler = (h: unknown): h is StreamMessagesHandler =>
  typeof h === 'object' && h !== null && (h as { name?: unknown }).name === 'StreamMessagesHandler' && typeof (h as StreamMessagesHandler).emitPushed === 'function';

/**
 * Streams `message` in `messages` mode now and writes it to `options.stateKey` (default
 * `messages`) when the node finishes. The message must have an id. Returns the message as a
 * message class.
 * @param message a message or message-like value with an `id`
 * @param options the node's config (defaults to the running node's), plus `stateKey`
 */
export function pushMessage(message: BaseMessage | BaseMessageLike, options?: PushMessageOptions): BaseMessage {
  const { stateKey: wanted, ...given } = options ?? {};
  const task = currentTask();
  const config: RunnableConfig = { ...task?.config, ...given };
  const stateKey = wanted === null ? undefined : (wanted ?? 'messages');
  const valid = coerceMessageLikeToMessage(message);
  if (!valid.id) throw new Error('Message ID is required.');
  const metadata = (config.metadata ?? {}) as Record<string, unknown>;
  for (const h of handlersOf(config.callbacks)) if (isMessagesHandler(h)) h.emitPushed(metadata, valid);
  if (stateKey) {
    const send = (config.configurable?.__pregel_send as ((w: [string, unknown][]) => void) | undefined) ?? (task && ((w: [string, unknown][]) => task.send(w)));
    send?.([[stateKey, valid]]);
  }
  return valid;
}
