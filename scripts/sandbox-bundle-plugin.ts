/**
 * Builds the sandbox engine (src/sandbox/sandbox.worker.ts: the engine, the built-in graphs, the
 * user-code compiler) as ONE self-contained classic script, and exposes its URL to the page as
 * `virtual:sandbox-engine`. Why not `?worker`: the sandbox iframe has an opaque origin, so it can
 * neither start a worker from the app's origin nor load module imports from it; the page fetches
 * this script and the iframe starts workers from a Blob URL of its text, which only works for a
 * classic script with no imports.
 *
 * In `vite build` the script is emitted as `assets/sandbox-engine-<hash>.js`; the dev server serves
 * it from `/@replaygraph/sandbox-engine.js`, rebuilt after a source file changes.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rollup } from 'vite';
import { engineAliases } from './engine-aliases.ts';

const VIRTUAL = 'virtual:sandbox-engine';
const RESOLVED = `\0${VIRTUAL}`;
const DEV_PATH = '/@replaygraph/sandbox-engine.js';
const root = fileURLToPath(new URL('..', import.meta.url));

/** Bundles the sandbox entry into one IIFE script. */
async function bundle(dev: boolean): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: dev ? 'development' : 'production',
    resolve: { alias: engineAliases },
    build: {
      write: false,
      emptyOutDir: false,
      minify: !dev,
      sourcemap: dev ? 'inline' : false,
      lib: { entry: fileURLToPath(new URL('../src/sandbox/sandbox.worker.ts', import.meta.url)), formats: ['iife'], name: 'replaygraphSandbox', fileName: () => 'sandbox-engine.js' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((f): f is Rollup.OutputChunk => f.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`The sandbox engine must build to one script, got ${chunks.length}.`);
  return chunks[0]!.code;
}

/** The plugin (add it to vite.config.ts). */
export function sandboxBundle(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  let base = '/';
  let devBundle: Promise<string> | null = null;
  return {
    name: 'replaygraph-sandbox-bundle',
    configResolved(config) {
      command = config.command;
      base = config.base;
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      if (command === 'serve') return `export const sandboxEngineUrl = ${JSON.stringify(DEV_PATH)};`;
      const code = await bundle(false);
      const fileName = `assets/sandbox-engine-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      return `export const sandboxEngineUrl = ${JSON.stringify(`${base}${fileName}`)};`;
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (file.includes(`${root}src`)) devBundle = null;
      });
      server.middlewares.use(DEV_PATH, (_req, res) => {
        devBundle ??= bundle(true);
        devBundle.then(
          (code) => {
            res.setHeader('content-type', 'text/javascript');
            res.end(code);
          },
          (err: unknown) => {
            devBundle = null;
            res.statusCode = 500;
            res.end(String(err));
          },
        );
      });
    },
  };
}
