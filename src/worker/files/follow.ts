/**
 * Following the files the app's server serves: opened once, then read again each time the server
 * says one changed, one refresh at a time (a change heard during a refresh is read after it). What
 * changed is sent to the page as `rg/files.changed`; the details the page was given of a changed
 * thread are dropped (a checkpoint's children may have grown).
 */
import type { OpenedFileDTO } from '../../protocol/files';
import type { WireError } from '../../protocol/dto';
import type { HostContext } from '../context';
import type { FollowServer } from './follow-http';
import type { FollowOpener, OpenedFiles } from './registry';

export type { FollowServer } from './follow-http';

/** A refresh that failed (the files were being written) is tried again after this long… */
const RETRY_MS = 250;
/** …this many times in a row at most; after that, the next change reads them again. */
const RETRIES = 40;

/**
 * Opens the served files (none: `file` null, no problem) and follows them until they are closed
 * or no longer followed.
 */
export async function followServed(ctx: HostContext, files: OpenedFiles, deps: { server: FollowServer; open: FollowOpener }): Promise<{ file: OpenedFileDTO | null; problem: WireError | null }> {
  const served = await deps.server.files();
  if (served.length === 0) return { file: null, problem: null };
  let fileId: string | null = null;
  let running = false;
  let again = false;
  let failures = 0;
  const refresh = async () => {
    if (fileId === null) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const r = await files.refresh(fileId);
        if (!r) continue;
        for (const threadId of r.changed) ctx.details.dropThread(threadId);
        ctx.send({ type: 'rg/files.changed', fileId, file: r.file, changed: r.changed });
      } while (again);
      failures = 0;
    } catch {
      // The files could not be read just now (still being written): read them again shortly, not
      // only on the next change (the app may have written its last one), a bounded number of times.
      if (!stopped && failures < RETRIES) {
        failures += 1;
        setTimeout(() => void refresh(), RETRY_MS);
      }
    } finally {
      running = false;
    }
  };
  let stop: () => void = () => undefined;
  let stopped = false;
  const r = await files.follow(served, deps.open, () => {
    stopped = true;
    stop();
  });
  if (r.file && !stopped) {
    fileId = r.file.fileId;
    stop = deps.server.changes(() => void refresh());
  }
  return r;
}
