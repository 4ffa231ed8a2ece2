/**
 * The Vite dev server the sandbox benches load their page and worker from: the engine's
 * `replaygraph/*` aliases, and the bench worker's dependencies bundled up front (a dependency found
 * later would reload the page mid-run). On 127.0.0.1, a free port.
 */
import { createServer, type ViteDevServer } from 'vite';
import { engineAliases } from '../../scripts/engine-aliases';

export async function startBenchVite(): Promise<ViteDevServer> {
  const vite = await createServer({
    configFile: false, root: process.cwd(), logLevel: 'error', server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
    resolve: { alias: engineAliases },
    optimizeDeps: { entries: ['bench/sandbox/index.html', 'bench/sandbox/worker.ts'] },
  });
  await vite.listen();
  return vite;
}
