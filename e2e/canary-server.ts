/**
 * A canary for the hostile suite: an HTTP server on 127.0.0.1, on a port the OS picks free, that
 * counts every request and WebSocket upgrade it gets and answers each with CORS open to all, so a
 * request that reaches it is counted and would succeed. Started by the test that needs it.
 */
import { createServer } from 'node:http';
import { listenLocally } from '../tests/servers/listen';

/** A running canary. */
export interface Canary {
  /** Its origin, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Requests (and upgrades) it got so far. */
  hits(): number;
  close(): Promise<void>;
}

/** Starts a canary server. */
export async function startCanary(): Promise<Canary> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' });
    res.end('canary');
  });
  server.on('upgrade', (_req, socket) => {
    hits++;
    socket.destroy();
  });
  const url = await listenLocally(server);
  return {
    url,
    hits: () => hits,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
