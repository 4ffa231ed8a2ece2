/**
 * A LangGraph server the app talks to: where it is and how to authenticate. This is the record the
 * app persists (in IndexedDB, in this browser only); `parseServerConfig` is the one gate user input
 * goes through.
 */
import { ERROR_CODES } from '../shared/errors';
import { RemoteError } from './errors';

export interface RemoteServerConfig {
  /** Base URL, e.g. `http://127.0.0.1:2024` or `https://my-app.us.langgraph.app` (no trailing slash). */
  url: string;
  /** Sent as `x-api-key` (LangGraph Platform deployments). Kept only in this browser. */
  apiKey?: string;
  /** Extra headers on every request, e.g. `Authorization: Bearer …` for a deployment's custom auth. */
  headers?: Record<string, string>;
}

/**
 * A server as the app keeps it (in IndexedDB: the key and headers stay in this browser). `id` is
 * the app's own (a UUID), stable across edits of the URL.
 */
export interface SavedRemoteServer extends RemoteServerConfig {
  id: string;
  /** What the user calls it; the URL's host by default. */
  name: string;
  /** ISO time it was added. */
  addedAt: string;
}

/** What a user types in: the same fields, unchecked. */
export interface RemoteServerInput {
  url: string;
  apiKey?: string;
  headers?: Record<string, string>;
}

// Headers a browser will not let a page set (fetch drops them silently), so a setting naming one
// would never reach the server.
const FORBIDDEN_HEADERS = new Set([
  'accept-charset', 'accept-encoding', 'access-control-request-headers', 'access-control-request-method', 'connection',
  'content-length', 'cookie', 'cookie2', 'date', 'dnt', 'expect', 'host', 'keep-alive', 'origin', 'referer',
  'te', 'trailer', 'transfer-encoding', 'upgrade', 'via',
]);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Checks and normalises a server setting: an http(s) URL without query or fragment (trailing
 * slashes dropped), an optional API key (trimmed, empty = none), header names that are valid and
 * that a browser lets a page send. Throws a `RemoteError` with code `REMOTE_BAD_CONFIG` naming the
 * problem; nothing is changed on failure.
 */
export function parseServerConfig(input: RemoteServerInput): RemoteServerConfig {
  const fail = (detail: string): never => {
    throw new RemoteError({ code: 'REMOTE_BAD_CONFIG', name: 'RemoteError', message: ERROR_CODES.REMOTE_BAD_CONFIG(detail), url: input.url, operation: 'Checking the server settings' });
  };
  let url: URL;
  try {
    url = new URL(input.url.trim());
  } catch {
    return fail(`"${input.url}" is not a URL (expected e.g. http://127.0.0.1:2024).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(`the URL must start with http:// or https:// (got ${url.protocol}).`);
  if (url.search || url.hash) fail('the URL must not have a query (?…) or a fragment (#…).');
  if (url.username || url.password) fail('put credentials in the API key or a header, not in the URL.');
  const headers: Record<string, string> = {};
  for (const [rawName, value] of Object.entries(input.headers ?? {})) {
    const name = rawName.trim();
    if (!TOKEN.test(name)) fail(`"${rawName}" is not a valid header name.`);
    const lower = name.toLowerCase();
    if (FORBIDDEN_HEADERS.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-')) fail(`browsers do not let a page send the header "${name}".`);
    if (/[\r\n]/.test(value)) fail(`the value of header "${name}" has a line break.`);
    headers[name] = value.trim();
  }
  const apiKey = input.apiKey?.trim();
  const base = url.toString().replace(/\/+$/, '');
  return { url: base, ...(apiKey ? { apiKey } : {}), ...(Object.keys(headers).length ? { headers } : {}) };
}
