/**
 * Large values decoded elsewhere: a source given a `decodeBlob` hands every stored value over
 * `maxInlineDecodeBytes` to it (the storage worker's decode worker in the app; here a decoder that
 * moves the bytes away as a worker's transfer would, and decodes them a turn later) and reads the
 * same checkpoints as a source that decodes everything in place, over the committed fixtures
 * (SQLite from both savers, and the dev server's store, whose bytes are copied before they are
 * handed over since they are the store's own).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { decodeTyped, type BlobDecoder, type CheckpointSource, type TypedBlob } from '../../src/formats/index';
import { fixture, open } from './fixtures';

const FILES = ['js/runs.sqlite', 'python/runs.sqlite', 'langgraph-dev/.langgraphjs_api.checkpointer.json'];

declare const structuredClone: <T>(value: T, options?: { transfer?: ArrayBuffer[] }) => T;

/** A decoder that takes the bytes away (transferred, as to a worker) and decodes them a turn later. */
function movingDecoder(): { decode: BlobDecoder; sizes: number[] } {
  const sizes: number[] = [];
  const decode: BlobDecoder = async (blob, limits) => {
    const bytes = blob.bytes instanceof Uint8Array ? structuredClone(blob.bytes, { transfer: [blob.bytes.buffer as ArrayBuffer] }) : blob.bytes;
    sizes.push(typeof bytes === 'string' ? bytes.length : (bytes?.length ?? 0));
    await new Promise((r) => setTimeout(r, 0));
    return decodeTyped({ type: blob.type, bytes }, limits);
  };
  return { decode, sizes };
}

/** Every checkpoint of a source (all threads and namespaces), read one by one. */
async function readAll(source: CheckpointSource) {
  const out = [];
  for (const t of await source.listThreads()) {
    for (const ns of await source.listNamespaces(t.threadId)) {
      for (const c of await source.listCheckpoints(t.threadId, ns.checkpointNs, { limit: 1000 })) {
        out.push(await source.getCheckpoint(t.threadId, ns.checkpointNs, c.checkpointId));
      }
    }
  }
  return out;
}

const opened: CheckpointSource[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

describe('values over maxInlineDecodeBytes', () => {
  it.each(FILES)('are decoded by the source\'s decoder, to the same checkpoints (%s)', async (file) => {
    const here = await open([fixture(file)]);
    const { decode, sizes } = movingDecoder();
    const away = await open([fixture(file)], { limits: { maxInlineDecodeBytes: 64 }, decodeBlob: decode });
    opened.push(here, away);
    const expected = await readAll(here);
    expect(await readAll(away)).toEqual(expected);
    expect(sizes.length).toBeGreaterThan(expected.length);
    expect(Math.min(...sizes)).toBeGreaterThan(64);
    // The store reads each head again (decoded in place): its bytes were not taken away.
    for (const t of await here.listThreads()) expect(await away.describeThread(t.threadId)).toEqual(await here.describeThread(t.threadId));
  });

  it('are decoded once for readers waiting on the same checkpoint', async () => {
    const { decode, sizes } = movingDecoder();
    const source = await open([fixture('js/runs.sqlite')], { limits: { maxInlineDecodeBytes: 64 }, decodeBlob: decode });
    opened.push(source);
    const thread = (await source.listThreads())[0]!;
    const [a, b, c] = await Promise.all([
      source.getCheckpoint(thread.threadId, ''),
      source.getCheckpoint(thread.threadId, '', thread.latestCheckpointId),
      source.saver().getTuple({ configurable: { thread_id: thread.threadId, checkpoint_ns: '', checkpoint_id: thread.latestCheckpointId } }),
    ]);
    expect(b).toEqual(a);
    expect(c).toEqual(a!.tuple);
    // As many values were decoded as for one read of it by a source of its own.
    const single = movingDecoder();
    const alone = await open([fixture('js/runs.sqlite')], { limits: { maxInlineDecodeBytes: 64 }, decodeBlob: single.decode });
    opened.push(alone);
    await alone.getCheckpoint(thread.threadId, '', thread.latestCheckpointId);
    expect(single.sizes.length).toBeGreaterThan(0);
    expect(sizes).toEqual(single.sizes);
  });

  it('that the decoder fails on are opaque, with its reason, and the rest of the checkpoint reads', async () => {
    const failing: BlobDecoder = async (blob: TypedBlob) => {
      throw new Error(`decoding this ${String(blob.type)} value took longer than 60 s`);
    };
    const source = await open([fixture('js/runs.sqlite')], { limits: { maxInlineDecodeBytes: 64 }, decodeBlob: failing });
    opened.push(source);
    const thread = (await source.listThreads())[0]!;
    const cp = (await source.getCheckpoint(thread.threadId, ''))!;
    expect(cp.tuple.checkpoint.channel_values['undecodable checkpoint']).toMatchObject({ $type: 'opaque', type: 'json', reason: expect.stringContaining('took longer than 60 s') });
    expect(cp.issues.join('\n')).toContain('took longer than 60 s');
    expect(cp.tuple.metadata).toMatchObject({ source: expect.any(String), step: expect.any(Number) });
  });
});
