/**
 * The fault table of `classify`, fed with what the SDK and fetch really throw (an SDK HTTPError
 * carries `status` and the body `text`; network failures are TypeErrors or the SDK's
 * ConnectionError). CORS can only be told apart in a page or a worker, with the reachability probe.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { classify, serverDetail } from './errors';

const ctx = { url: 'http://127.0.0.1:2024', operation: 'Listing threads' };
const http = (status: number, text: string) => Object.assign(new Error(`HTTP ${status}: ${text}`), { status, text });
const connection = () => Object.assign(new Error('Unable to connect to LangGraph server. Original error: Failed to fetch'), { name: 'ConnectionError' });

describe('classify', () => {
  afterEach(() => {
    delete (globalThis as { location?: unknown }).location;
  });

  it.each([
    [401, '{"detail":"Invalid API key."}', 'REMOTE_UNAUTHORIZED'],
    [403, 'Forbidden', 'REMOTE_FORBIDDEN'],
    [404, 'Thread with ID x not found', 'REMOTE_NOT_FOUND'],
    [409, 'Thread not found', 'REMOTE_NOT_FOUND'],
    [422, 'Thread is already running a task. Wait for it to finish or choose a different multitask strategy.', 'REMOTE_THREAD_BUSY'],
    [409, 'Thread is busy', 'REMOTE_THREAD_BUSY'],
    [409, 'Thread already exists', 'REMOTE_BAD_REQUEST'],
    [400, '{"success":false,"error":{"issues":[{"message":"Invalid uuid","path":["thread_id"]}],"name":"ZodError"}}', 'REMOTE_BAD_REQUEST'],
    [500, 'boom', 'REMOTE_SERVER_ERROR'],
    [429, 'slow down', 'REMOTE_SERVER_ERROR'],
  ])('HTTP %i (%s) is %s, keeping the status and the server text', async (status, text, code) => {
    const err = await classify(http(status, text), { ...ctx, what: 'Thread x', threadId: 't-1' });
    expect([err.code, err.data.status, err.data.detail]).toEqual([code, status, serverDetail(http(status, text))]);
    if (code === 'REMOTE_THREAD_BUSY') expect(err.message).toContain('t-1');
    if (code === 'REMOTE_NOT_FOUND') expect(err.message).toContain('Thread x');
  });

  it('unwraps the server error envelopes', () => {
    expect(serverDetail(http(401, '{"detail":"Invalid API key."}'))).toBe('Invalid API key.');
    expect(serverDetail(http(400, '{"error":{"issues":[{"message":"Invalid uuid","path":["thread_id"]}]}}'))).toBe('thread_id: Invalid uuid');
    expect(serverDetail(http(500, 'plain words'))).toBe('plain words');
  });

  it('a network failure outside a browser is REMOTE_UNREACHABLE (there is no CORS in Node)', async () => {
    const err = await classify(new TypeError('fetch failed'), { ...ctx, probe: async () => true });
    expect(err.code).toBe('REMOTE_UNREACHABLE');
    expect((await classify(connection(), ctx)).code).toBe('REMOTE_UNREACHABLE');
  });

  it('in a page of another origin, a network failure with the server answering a no-cors probe is REMOTE_CORS', async () => {
    (globalThis as { location?: unknown }).location = { origin: 'http://127.0.0.1:4173' };
    const cors = await classify(connection(), { ...ctx, probe: async () => true });
    expect(cors.code).toBe('REMOTE_CORS');
    expect(cors.message).toContain('"allow_origins": ["http://127.0.0.1:4173"]');
    expect((await classify(connection(), { ...ctx, probe: async () => false })).code).toBe('REMOTE_UNREACHABLE');
    // Same origin: never a CORS problem.
    const same = await classify(connection(), { ...ctx, url: 'http://127.0.0.1:4173', probe: async () => true });
    expect(same.code).toBe('REMOTE_UNREACHABLE');
  });

  it('our own time limit is REMOTE_TIMEOUT; the caller cancelling is REMOTE_ABORTED, whatever was thrown', async () => {
    const abort = new DOMException('This operation was aborted', 'AbortError');
    expect((await classify(abort, { ...ctx, timedOutAfterMs: 1500 })).message).toContain('1.5 s');
    expect((await classify(abort, { ...ctx, aborted: true })).code).toBe('REMOTE_ABORTED');
    expect((await classify(connection(), { ...ctx, aborted: true })).code).toBe('REMOTE_ABORTED');
  });

  it('anything else is INTERNAL, naming the operation', async () => {
    const err = await classify(new RangeError('odd'), ctx);
    expect([err.code, err.message]).toEqual(['INTERNAL', 'Listing threads failed: odd']);
  });
});
