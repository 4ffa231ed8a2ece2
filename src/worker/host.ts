/**
 * The worker side of the protocol: guards each inbound message, dispatches it, and replies with
 * plain data. Errors are sent as data, never thrown across the boundary.
 */
import { PROTOCOL_VERSION, type FromWorker, type ToWorker } from '../protocol/messages';
import { isToWorker } from '../protocol/guards';
import { ERROR_CODES, toErrorData } from '../shared/errors';
import type { Endpoint } from './endpoint';

/** What the host needs from its surroundings. */
export interface HostDeps {
  /** Opens storage and reports its name and version. */
  openStorage(): Promise<{ dbName: string; version: number }>;
}

/** Starts answering requests on `endpoint`. Returns a function that stops it. */
export function startHost(endpoint: Endpoint, deps: HostDeps): () => void {
  const send = (m: FromWorker) => endpoint.postMessage(m);
  const onMessage = (ev: MessageEvent) => {
    const msg: unknown = ev.data;
    if (!isToWorker(msg)) return; // not ours: drop
    handle(msg).catch((err) => send({ type: 'rg/error', id: msg.id, error: toErrorData(err) }));
  };

  async function handle(msg: ToWorker): Promise<void> {
    switch (msg.type) {
      case 'rg/hello': {
        if (msg.protocolVersion !== PROTOCOL_VERSION) {
          send({
            type: 'rg/error',
            id: msg.id,
            error: {
              code: 'PROTOCOL_VERSION_MISMATCH',
              name: 'ProtocolError',
              message: ERROR_CODES.PROTOCOL_VERSION_MISMATCH(msg.protocolVersion, PROTOCOL_VERSION),
            },
          });
          return;
        }
        const storage = await deps.openStorage();
        send({ type: 'rg/hello-ok', id: msg.id, protocolVersion: PROTOCOL_VERSION, storage });
        return;
      }
      default: {
        send({
          type: 'rg/error',
          id: msg.id,
          error: { code: 'UNKNOWN_REQUEST', name: 'ProtocolError', message: ERROR_CODES.UNKNOWN_REQUEST(msg.type) },
        });
      }
    }
  }

  endpoint.addEventListener('message', onMessage);
  return () => endpoint.removeEventListener('message', onMessage);
}
