// Prints a TCP port that is free on 127.0.0.1 right now (the OS picks it), for a server that must
// not take a fixed port another program may hold (e2e serves the app on it).
import { createServer } from 'node:net';

const server = createServer();
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  server.close(() => console.log(typeof address === 'object' && address ? address.port : 0));
});
