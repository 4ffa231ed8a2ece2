/**
 * A run's protocol events as `text/event-stream` bytes (`streamEvents(…, { version: 'v3',
 * encoding: 'text/event-stream' })`): `event: <method>[|<namespace…>]` and the event's data as
 * JSON. A failure ends the stream with an `error` event.
 */
import type { ProtocolEvent } from './types';
import { byteStream, utf8, type ByteStream } from './web';

/** SSE bytes of `events`; `onCancel` runs when the reader cancels the stream. */
export function protocolEventStream(events: AsyncIterable<ProtocolEvent>, onCancel: (reason: unknown) => void): ByteStream {
  return byteStream({
    async start(controller) {
      try {
        for await (const event of events) {
          const ns = event.params.namespace;
          const name = ns.length > 0 ? `${event.method}|${ns.join('|')}` : event.method;
          controller.enqueue(utf8(`event: ${name}\ndata: ${JSON.stringify(event.params.data ?? {})}\n\n`));
        }
      } catch (e) {
        controller.enqueue(utf8(`event: error\ndata: ${JSON.stringify({ message: String(e) })}\n\n`));
      } finally {
        controller.close();
      }
    },
    cancel: onCancel,
  });
}
