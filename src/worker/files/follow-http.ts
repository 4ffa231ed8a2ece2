/**
 * The files the app's server follows (`npm start -- <path>`, scripts/follow/plugin.ts), read from
 * this worker: their list, each file's byte ranges by synchronous requests (allowed in dedicated
 * workers, and what SQLite's synchronous VFS needs; only the pages SQLite asks for are read), and
 * the server's change stream (Server-Sent Events).
 */
import type { FollowedFileRef, FileVersion, RangeReader } from '../../formats/follow/snapshot';

/** Where the followed files are served, and how their changes are heard. */
export interface FollowServer {
  /** The files served (none when the server follows nothing, or is not the app's own). */
  files(): Promise<FollowedFileRef[]>;
  /** Calls `onChange` each time a served file changes; returns how to stop. */
  changes(onChange: () => void): () => void;
}

const ROOT = '/__follow/';

function versionOf(xhr: XMLHttpRequest): FileVersion {
  return {
    size: Number(xhr.getResponseHeader('X-Follow-Size')),
    stamp: xhr.getResponseHeader('X-Follow-Stamp') ?? '',
    head: xhr.getResponseHeader('X-Follow-Head') ?? '',
    stable: xhr.getResponseHeader('X-Follow-Stable') === '1',
  };
}

/** A served file's ranges, by synchronous HTTP `Range` requests. */
export function httpRangeReader(url: string): RangeReader {
  return (offset, length) => {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', url, false);
    xhr.responseType = 'arraybuffer';
    xhr.setRequestHeader('Range', `bytes=${offset}-${offset + Math.max(1, length) - 1}`);
    xhr.send();
    if (xhr.status === 404) return null;
    if (xhr.status !== 206 && xhr.status !== 200) throw new Error(`reading ${url} answered HTTP ${xhr.status}`);
    const version = versionOf(xhr);
    const bytes = new Uint8Array(xhr.response as ArrayBuffer);
    return { bytes: offset >= version.size ? new Uint8Array(0) : bytes, version };
  };
}

/** The app's own server, at `base` (the worker's origin). */
export function httpFollowServer(base: string): FollowServer {
  return {
    async files() {
      const res = await fetch(new URL(`${ROOT}files`, base), { cache: 'no-store' });
      if (!res.ok || !(res.headers.get('Content-Type') ?? '').includes('application/json')) return [];
      const body = (await res.json()) as { files?: { index: number; name: string }[] };
      return (body.files ?? []).map((f) => ({ name: f.name, read: httpRangeReader(new URL(`${ROOT}file/${f.index}`, base).href) }));
    },
    changes(onChange) {
      const events = new EventSource(new URL(`${ROOT}events`, base));
      events.addEventListener('change', onChange);
      // A reconnection may have missed changes: read again once it is back.
      events.addEventListener('hello', onChange);
      return () => events.close();
    },
  };
}
