/**
 * Vitest browser-mode commands (they run in Node; tests in Chromium call them through `commands`)
 * that start and stop real LangGraph dev servers, so src/remote can be tested in a real browser
 * against a real server, CORS included.
 */
import type { BrowserCommand } from 'vitest/node';
import { freePort, startLangGraphServer, type LangGraphServerOptions, type RunningLangGraphServer } from './harness.js';

const running = new Map<string, RunningLangGraphServer>();

/** Starts a server; resolves with its URL, which is also the id to stop it by. */
export const startLangGraph: BrowserCommand<[options?: LangGraphServerOptions]> = async (_context, options = {}) => {
  const server = await startLangGraphServer(options);
  running.set(server.url, server);
  return { url: server.url, startupMs: server.startupMs };
};

/** Stops the server started at `url`. */
export const stopLangGraph: BrowserCommand<[url: string]> = async (_context, url) => {
  await running.get(url)?.stop();
  running.delete(url);
};

/** The URL of a port on 127.0.0.1 where nothing listens (free a moment ago). */
export const closedPortUrl: BrowserCommand<[]> = async () => `http://127.0.0.1:${await freePort()}`;
