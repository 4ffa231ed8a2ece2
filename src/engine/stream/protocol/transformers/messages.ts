/**
 * The `messages` events of a graph's own nodes as one `ChatModelStream` (LangChain's) per model
 * call: `run.messages` / `run.messagesFrom(node)`. Tool-role messages are left out.
 */
import { ChatModelStream } from '@langchain/core/language_models/stream';
import { StreamChannel } from '../channel';
import { hasPrefix } from '../mux';
import type { Namespace, StreamTransformer } from '../types';

type Source = ConstructorParameters<typeof ChatModelStream>[0];
type StreamEvent = Source extends AsyncIterable<infer E> ? E : never;

/** A model call's stream, with where it ran. */
export type NodeChatModelStream = ChatModelStream & { namespace: Namespace; node: string | undefined };

interface MessageEvent {
  event?: string;
  role?: string;
  id?: unknown;
  run_id?: unknown;
}

/** Which model call an event belongs to: its run id, else its message id, else the one default call. */
function streamKey(data: MessageEvent): string {
  if (typeof data.run_id === 'string') return `run:${data.run_id}`;
  if (data.event === 'message-start' && typeof data.id === 'string') return `message:${data.id}`;
  return '__default__';
}

/** Streams of the model calls of the nodes directly under `path` (of node `node` only, if given). */
export function createMessagesTransformer(path: Namespace, node?: string): StreamTransformer<{ messages: AsyncIterable<NodeChatModelStream> }> {
  const log = StreamChannel.local<NodeChatModelStream>();
  const active = new Map<string, StreamChannel<StreamEvent>>();
  const ignored = new Set<string>();
  const endAll = (how: (source: StreamChannel<StreamEvent>) => void) => {
    for (const source of active.values()) how(source);
    active.clear();
    ignored.clear();
  };
  return {
    init: () => ({ messages: log.toAsyncIterable() }),
    process(event) {
      const ns = event.params.namespace;
      if (event.method !== 'messages' || ns.length !== path.length + 1 || !hasPrefix(ns, path)) return true;
      if (node !== undefined && event.params.node !== node) return true;
      const data = (event.params.data ?? {}) as MessageEvent;
      const key = streamKey(data);
      switch (data.event) {
        case 'message-start': {
          if (data.role === 'tool') {
            ignored.add(key);
            break;
          }
          const source = StreamChannel.local<StreamEvent>();
          const stream = Object.assign(new ChatModelStream(source.toAsyncIterable()), { namespace: ns, node: event.params.node });
          active.set(key, source);
          source.push(data as StreamEvent);
          log.push(stream);
          break;
        }
        case 'content-block-start':
        case 'content-block-delta':
        case 'content-block-finish':
        case 'error':
          if (!ignored.has(key)) active.get(key)?.push(data as StreamEvent);
          break;
        case 'message-finish': {
          if (ignored.delete(key)) break;
          const source = active.get(key);
          if (source) {
            source.push(data as StreamEvent);
            source.close();
            active.delete(key);
          }
          break;
        }
      }
      return true;
    },
    finalize() {
      // A call still open when the run ends is finished for its readers.
      endAll((source) => {
        source.push({ event: 'message-finish' } as StreamEvent);
        source.close();
      });
      log.close();
    },
    fail(err) {
      endAll((source) => source.fail(err));
      log.fail(err);
    },
  };
}
