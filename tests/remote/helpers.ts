/** Shared helpers of the remote suites: a real server per file, a client, and event collection. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createRemoteClient, type RemoteClient, type RemoteOptions, type RemoteRunEvent, type RemoteRunStream } from '../../src/remote/index';
import { startLangGraphServer, type LangGraphServerOptions, type RunningLangGraphServer } from '../servers/harness';

export interface Suite {
  server: RunningLangGraphServer;
  client: RemoteClient;
  /** graph id → assistant id (the server's default assistant per graph). */
  assistants: Record<string, string>;
  /** A metadata tag unique to this suite run, to find its own threads. */
  tag: string;
}

/** Starts a server and a client on it; prints the startup time (a figure, not a test). */
export async function startSuite(name: string, options: LangGraphServerOptions, clientOptions: Partial<RemoteOptions> = {}): Promise<Suite> {
  const server = await startLangGraphServer(options);
  console.info(`[${name}] LangGraph dev server ready in ${server.startupMs} ms at ${server.url}`);
  const client = createRemoteClient({ url: server.url }, clientOptions);
  const page = await client.assistants.list({ limit: 50 });
  const assistants = Object.fromEntries(page.items.map((a) => [a.graphId, a.assistantId]));
  return { server, client, assistants, tag: randomUUID() };
}

/** Reads a stream to its end. */
export async function collect(stream: RemoteRunStream): Promise<RemoteRunEvent[]> {
  const events: RemoteRunEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** The events of one type, typed. */
export function ofType<T extends RemoteRunEvent['type']>(events: RemoteRunEvent[], type: T): Extract<RemoteRunEvent, { type: T }>[] {
  return events.filter((e): e is Extract<RemoteRunEvent, { type: T }> => e.type === type);
}

/** The run ended as the server recorded it. */
export function expectEnd(events: RemoteRunEvent[], status: string): void {
  const last = events[events.length - 1];
  expect(last?.type).toBe('run.end');
  expect(last?.type === 'run.end' && last.status).toBe(status);
}

/** Resolves with the error a promise (or an async iteration) rejects with. */
export async function failure(work: Promise<unknown> | (() => Promise<unknown>)): Promise<any> {
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure, but it succeeded');
}
