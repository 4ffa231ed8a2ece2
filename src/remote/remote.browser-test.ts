/**
 * src/remote in real Chromium against real LangGraph dev servers (started in Node through the
 * browser commands of vitest.browser.config.ts): the SDK streams a run from a page, and the
 * browser's opaque CORS failures are told apart from a server that is down.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { createRemoteClient, isRemoteError, type RemoteRunEvent } from './index';

interface ServerOptions {
  graphs?: string[];
  cors?: { allow_origins?: string[]; allow_headers?: string[] };
}
declare module 'vitest/browser' {
  interface BrowserCommands {
    startLangGraph(options?: ServerOptions): Promise<{ url: string; startupMs: number }>;
    stopLangGraph(url: string): Promise<void>;
    closedPortUrl(): Promise<string>;
  }
}

async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (err) {
    return isRemoteError(err) ? err.code : `not a RemoteError: ${String(err)}`;
  }
  return 'no error';
}

let open: string;
let strictHeaders: string;
let otherOrigin: string;
beforeAll(async () => {
  // Three servers: CORS open (the default), this origin allowed but no custom headers, and only another origin allowed.
  [{ url: open }, { url: strictHeaders }, { url: otherOrigin }] = await Promise.all([
    commands.startLangGraph({ graphs: ['chain'] }),
    commands.startLangGraph({ graphs: ['chain'], cors: { allow_origins: [location.origin], allow_headers: ['content-type'] } }),
    commands.startLangGraph({ graphs: ['chain'], cors: { allow_origins: ['http://example.invalid'] } }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([open, strictHeaders, otherOrigin].filter(Boolean).map((url) => commands.stopLangGraph(url)));
});

describe('src/remote in Chromium', () => {
  it('streams a run from the page: the run is named at once and ends with the saved state', async () => {
    const client = createRemoteClient({ url: open, apiKey: 'any', headers: { 'X-Team': 'graphs' } });
    expect((await client.info()).version).toMatch(/^\d+\./);
    const [assistant] = (await client.assistants.list()).items;
    const thread = await client.threads.create();
    const stream = client.runs.start(thread.threadId, assistant.assistantId, {});
    const events: RemoteRunEvent[] = [];
    for await (const event of stream) events.push(event);
    expect((await stream.created).threadId).toBe(thread.threadId);
    expect(events.at(-1)).toEqual({ type: 'run.end', runId: (await stream.created).runId, status: 'success' });
    expect((await client.history.head(thread.threadId))?.values).toEqual({ steps: ['first', 'second', 'third'], note: 'saw 2 steps' });
  });

  it('a server that does not allow this origin is REMOTE_CORS, and the message names the setting', async () => {
    const client = createRemoteClient({ url: otherOrigin }, { retries: 0 });
    const err = await client.info().catch((e: unknown) => e);
    expect(isRemoteError(err) && err.code).toBe('REMOTE_CORS');
    expect(String((err as Error).message)).toContain(`"allow_origins": ["${location.origin}"]`);
  });

  it('a custom header the server does not allow is REMOTE_CORS; without it the same server answers', async () => {
    expect((await createRemoteClient({ url: strictHeaders }).assistants.list()).items).toHaveLength(1);
    expect(await codeOf(createRemoteClient({ url: strictHeaders, apiKey: 'key' }, { retries: 0 }).assistants.list())).toBe('REMOTE_CORS');
  });

  it('a port where nothing listens is REMOTE_UNREACHABLE, not CORS', async () => {
    const url = await commands.closedPortUrl();
    expect(await codeOf(createRemoteClient({ url }, { retries: 0 }).info())).toBe('REMOTE_UNREACHABLE');
  });
});
