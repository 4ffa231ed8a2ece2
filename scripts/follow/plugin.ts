/**
 * Serves the followed files to the page, read-only, under `/__follow/` (`vite preview` and
 * `vite dev`): `files` (their names and sizes; an empty list when nothing is followed),
 * `file/<i>` (a byte range, HTTP `Range`, with the file's version in `X-Follow-*` headers) and
 * `events` (Server-Sent Events: one `change` each time a file changes, from `fs.watch` on their
 * folders and a size/stamp poll as the fallback). Only the files named on the command line, by
 * their position; requests from another address than the loopback are refused.
 *
 * The files come from `REPLAYGRAPH_FOLLOW` (JSON of `FollowedFile[]`), set by `scripts/start.mjs`.
 */
import { watch, type FSWatcher } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import type { Connect, Plugin } from 'vite';
import { fileStates, readRange, type FollowedFile } from './files.ts';

/** How often the sizes and stamps are compared, in case `fs.watch` misses a change. */
const POLL_MS = 250;
/** Largest range served at once. */
const MAX_RANGE = 64 * 1024 * 1024;

function isLoopback(req: IncomingMessage): boolean {
  const a = req.socket.remoteAddress ?? '';
  return a === '127.0.0.1' || a === '::1' || a === '::ffff:127.0.0.1';
}

/** Calls `onChange` (at most once per poll period) whenever one of `files` changes. */
function watchFiles(files: readonly FollowedFile[], onChange: () => void): () => void {
  let last = JSON.stringify(fileStates(files));
  const check = () => {
    const now = JSON.stringify(fileStates(files));
    if (now === last) return;
    last = now;
    onChange();
  };
  const watchers: FSWatcher[] = [];
  for (const dir of new Set(files.map((f) => dirname(f.path)))) {
    try {
      watchers.push(watch(dir, { persistent: false }, check));
    } catch {
      // The poll alone then.
    }
  }
  const timer = setInterval(check, POLL_MS);
  return () => {
    clearInterval(timer);
    for (const w of watchers) w.close();
  };
}

/** The `/__follow/` middleware over `files`. */
export function followMiddleware(files: readonly FollowedFile[]): Connect.NextHandleFunction & { close(): void } {
  const streams = new Set<ServerResponse>();
  let version = 0;
  const stop = files.length ? watchFiles(files, () => {
    version++;
    for (const res of streams) res.write(`event: change\ndata: ${version}\n\n`);
  }) : () => undefined;

  const handle = (req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/__follow/')) return next();
    if (!isLoopback(req)) {
      res.statusCode = 403;
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      return res.end();
    }
    res.setHeader('Cache-Control', 'no-store');
    const path = url.pathname.slice('/__follow/'.length);
    if (path === 'files') {
      res.setHeader('Content-Type', 'application/json');
      const states = fileStates(files);
      return res.end(JSON.stringify({ files: files.map((f, i) => ({ index: i, name: f.name, size: states[i]?.size ?? null })) }));
    }
    if (path === 'events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.write(`event: hello\ndata: ${version}\n\n`);
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }
    const m = /^file\/(\d+)$/.exec(path);
    const file = m ? files[Number(m[1])] : undefined;
    if (!file) {
      res.statusCode = 404;
      return res.end();
    }
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    const offset = range ? Number(range[1]) : 0;
    const length = range ? Number(range[2]) - offset + 1 : MAX_RANGE;
    if (!(length > 0 && length <= MAX_RANGE)) {
      res.statusCode = 416;
      return res.end();
    }
    const read = readRange(file.path, offset, length);
    if (!read) {
      res.statusCode = 404;
      return res.end();
    }
    res.statusCode = range ? 206 : 200;
    res.setHeader('Content-Type', 'application/octet-stream');
    res.setHeader('X-Follow-Size', String(read.version.size));
    res.setHeader('X-Follow-Stamp', read.version.stamp);
    res.setHeader('X-Follow-Head', read.version.head);
    res.setHeader('X-Follow-Stable', read.version.stable ? '1' : '0');
    if (range) res.setHeader('Content-Range', `bytes ${offset}-${offset + Math.max(read.bytes.length, 1) - 1}/${read.version.size}`);
    res.end(req.method === 'HEAD' ? undefined : read.bytes);
  };
  return Object.assign(handle, {
    close() {
      stop();
      for (const res of streams) res.end();
      streams.clear();
    },
  });
}

/** The files named by `REPLAYGRAPH_FOLLOW`, or none. */
function followedFromEnv(): FollowedFile[] {
  const raw = process.env.REPLAYGRAPH_FOLLOW;
  if (!raw) return [];
  const parsed: unknown = JSON.parse(raw);
  return Array.isArray(parsed) ? parsed.filter((f): f is FollowedFile => typeof f?.name === 'string' && typeof f?.path === 'string') : [];
}

/** The plugin: `/__follow/` on the preview and dev servers. */
export function followFiles(): Plugin {
  const mount = (server: { middlewares: Connect.Server; httpServer: { once(e: 'close', cb: () => void): unknown } | null }) => {
    const middleware = followMiddleware(followedFromEnv());
    server.middlewares.use(middleware);
    server.httpServer?.once('close', () => middleware.close());
  };
  return {
    name: 'replaygraph-follow-files',
    configurePreviewServer: mount,
    configureServer: mount,
  };
}
