/**
 * Server-sent events from a fetch response body: the `data:` payload of each event, in order, up
 * to a `[DONE]` payload or the end of the body. Typed on what the engine needs of the platform's
 * streams (it has no DOM library).
 */

/** The part of a ReadableStream reader used here. */
export interface ByteReader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  cancel?(reason?: unknown): Promise<void>;
}

interface TextDecoderLike {
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

function decoder(): TextDecoderLike {
  const Ctor = (globalThis as { TextDecoder?: new () => TextDecoderLike }).TextDecoder;
  if (!Ctor) throw new Error('This platform has no TextDecoder: streamed answers cannot be read.');
  return new Ctor();
}

/** The `data` of each event of an SSE byte stream (`[DONE]` ends it). */
export async function* sseData(reader: ByteReader): AsyncGenerator<string> {
  const text = decoder();
  let buffer = '';
  let data: string[] = [];
  const flushEvent = function* (): Generator<string> {
    if (data.length > 0) yield data.join('\n');
    data = [];
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? text.decode() : text.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = done ? '' : (lines.pop() ?? '');
      for (const line of lines) {
        if (line === '') {
          for (const d of flushEvent()) {
            if (d === '[DONE]') return;
            yield d;
          }
        } else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
        // Other fields (event:, id:, retry:) and comments (":") carry nothing this adapter reads.
      }
      if (done) {
        for (const d of flushEvent()) if (d !== '[DONE]') yield d;
        return;
      }
    }
  } finally {
    await reader.cancel?.().catch(() => undefined);
  }
}
