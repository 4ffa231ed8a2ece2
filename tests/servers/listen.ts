/** Starting a test server on a free port of 127.0.0.1. */
import type { Server } from 'node:net';

/** Listens on a port free right now (never a fixed one) on 127.0.0.1; resolves with the server's `http://` URL. */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}`;
}
