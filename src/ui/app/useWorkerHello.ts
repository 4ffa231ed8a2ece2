import { useEffect, useState } from 'react';
import { createWorkerClient } from '../../client/worker-client';
import { startEngineWorker } from '../../client/start-worker';

/** The worker's answer to the hello handshake, as the UI shows it. */
export type HelloState =
  | { status: 'connecting' }
  | { status: 'ready'; protocolVersion: number; dbName: string; dbVersion: number }
  | { status: 'failed'; message: string };

/** Starts the engine worker, says hello, and reports the answer. */
export function useWorkerHello(): HelloState {
  const [state, setState] = useState<HelloState>({ status: 'connecting' });
  useEffect(() => {
    const worker = startEngineWorker();
    const client = createWorkerClient(worker);
    let live = true;
    client.hello().then(
      (r) => live && setState({ status: 'ready', protocolVersion: r.protocolVersion, dbName: r.storage.dbName, dbVersion: r.storage.version }),
      (e: unknown) => live && setState({ status: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
      client.dispose();
      worker.terminate();
    };
  }, []);
  return state;
}
