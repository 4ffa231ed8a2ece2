/**
 * The page ⇄ worker protocol: types only. Two unions named by direction, a request id on each
 * request, errors as data, and a version checked by the hello handshake.
 */
import type { ErrorData } from '../shared/errors';
import type { RequestId } from '../shared/ids';

/** Bumped on every incompatible change of the messages below. */
export const PROTOCOL_VERSION = 1;

/** Requests from the page to the worker. */
export type ToWorker = { type: 'rg/hello'; id: RequestId; protocolVersion: number };

/** Replies and events from the worker to the page. */
export type FromWorker =
  | {
      type: 'rg/hello-ok';
      id: RequestId;
      protocolVersion: number;
      /** The IndexedDB database the worker opened, with its schema version. */
      storage: { dbName: string; version: number };
    }
  | { type: 'rg/error'; id: RequestId | null; error: ErrorData };

/** The reply types for each request type. */
export interface ReplyOf {
  'rg/hello': Extract<FromWorker, { type: 'rg/hello-ok' }>;
}
