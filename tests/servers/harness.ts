/**
 * A real LangGraph API server for tests: `langgraphjs dev` (from `@langchain/langgraph-cli`) on
 * 127.0.0.1 and a free port, serving the graphs in `tests/servers/graphs`, offline.
 *
 * - Its project directory (`langgraph.json`, `.gitignore`, and the `.langgraph_api/` state the
 *   server writes) is a fresh temp dir per server, removed on stop; the repository is never written.
 * - The CLI and the server it spawns run in their own process group, so `stop()` and `kill()`
 *   reach every process (CLI, tsx, server, esbuild). A watchdog process kills the group when the
 *   process that started it dies without stopping it (a crashed or killed test runner).
 * - Readiness is `GET /info` answering JSON; every wait is bounded.
 *
 * Usable from Vitest (`beforeAll(() => startLangGraphServer())`) and from Playwright fixtures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The graphs of `tests/servers/graphs`, by graph id (= assistant name on the server). */
export const TEST_GRAPHS = {
  chain: 'chain.ts:graph',
  review: 'review.ts:graph',
  parallel: 'parallel.ts:graph',
  subgraph: 'subgraph.ts:graph',
  failing: 'failing.ts:graph',
  slow: 'slow.ts:graph',
  chat: 'chat.ts:graph',
} as const;

export type TestGraphId = keyof typeof TEST_GRAPHS;

/** The `http.cors` block of `langgraph.json` (the server's own option names). */
export interface ServerCors {
  allow_origins?: string[];
  allow_methods?: string[];
  allow_headers?: string[];
  allow_credentials?: boolean;
  allow_origin_regex?: string;
  expose_headers?: string[];
  max_age?: number;
}

export interface LangGraphServerOptions {
  /** Which test graphs to serve. @default every graph of TEST_GRAPHS */
  graphs?: readonly TestGraphId[];
  /** The `http.cors` setting; absent = the server's default (`*`). */
  cors?: ServerCors;
  /** Give up when `/info` has not answered after this long. @default 90_000 */
  startupTimeoutMs?: number;
  /** Grace period between SIGTERM and SIGKILL in `stop()`. @default 5_000 */
  stopGraceMs?: number;
  /** Echo the server's output to this process's stderr (also `LANGGRAPH_SERVER_LOG=1`). @default false */
  echo?: boolean;
}

export interface RunningLangGraphServer {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly port: number;
  /** The temp project directory holding `langgraph.json` and `.langgraph_api/`. */
  readonly projectDir: string;
  /** Milliseconds from spawn until `/info` answered. */
  readonly startupMs: number;
  /** The process group id (= the CLI's pid). */
  readonly pgid: number;
  /** What `/info` answered. */
  readonly info: Record<string, unknown>;
  /** Stops the whole process group (SIGTERM, then SIGKILL after the grace period) and removes the temp dir. Idempotent. */
  stop(): Promise<void>;
  /** Kills the whole process group at once (SIGKILL), as a crash would; the temp dir stays until `stop()`. */
  kill(): Promise<void>;
  /** The last 64 KB of the server's output, for failure messages. */
  logs(): string;
}

const HERE = dirname(fileURLToPath(import.meta.url));
const GRAPHS_DIR = join(HERE, 'graphs');
const require = createRequire(import.meta.url);
const CLI = join(dirname(require.resolve('@langchain/langgraph-cli/package.json')), 'dist/cli/cli.mjs');
const LOG_LIMIT = 64 * 1024;
const live = new Set<number>();

// Last resort when the runner exits without stopping a server (the watchdog covers hard kills).
process.once('exit', () => {
  for (const pgid of live) signalGroup(pgid, 'SIGKILL');
});

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a server; retries once on another port if the first one was taken meanwhile. */
export async function startLangGraphServer(options: LangGraphServerOptions = {}): Promise<RunningLangGraphServer> {
  try {
    return await startOnce(options);
  } catch (err) {
    if (!(err instanceof Error) || !/EADDRINUSE/.test(err.message)) throw err;
    return await startOnce(options);
  }
}

async function startOnce(options: LangGraphServerOptions): Promise<RunningLangGraphServer> {
  const port = await freePort();
  const projectDir = await mkdtemp(join(tmpdir(), 'replaygraph-langgraph-'));
  const graphs = Object.fromEntries(
    (options.graphs ?? (Object.keys(TEST_GRAPHS) as TestGraphId[])).map((id) => [id, `./${relative(projectDir, join(GRAPHS_DIR, TEST_GRAPHS[id]))}`]),
  );
  const config = { node_version: '20', graphs, ...(options.cors ? { http: { cors: options.cors } } : {}) };
  const configPath = join(projectDir, 'langgraph.json');
  await writeFile(configPath, JSON.stringify(config, null, 2));

  const started = Date.now();
  const child = spawn(
    process.execPath,
    [CLI, 'dev', '--port', String(port), '--host', '127.0.0.1', '--no-browser', '--no-reload', '--config', configPath, '--studio-url', 'http://127.0.0.1'],
    { cwd: projectDir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: serverEnv() },
  );
  const pgid = child.pid;
  if (pgid === undefined) throw new Error('The LangGraph CLI could not be spawned.');
  live.add(pgid);
  startWatchdog(pgid, projectDir);

  let output = '';
  const echo = options.echo ?? process.env.LANGGRAPH_SERVER_LOG === '1';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-LOG_LIMIT);
    if (echo) process.stderr.write(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = `http://127.0.0.1:${port}`;
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await endGroup(pgid, child, options.stopGraceMs ?? 5_000);
      await rm(projectDir, { recursive: true, force: true });
    })());
  try {
    const info = await waitForInfo(url, options.startupTimeoutMs ?? 90_000, exited, () => output);
    return {
      url, port, projectDir, pgid, info,
      startupMs: Date.now() - started,
      stop,
      kill: async () => {
        signalGroup(pgid, 'SIGKILL');
        await waitGroupGone(pgid, 5_000);
      },
      logs: () => output,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

function serverEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LANGGRAPH_CLI_NO_ANALYTICS: '1', BROWSER: 'none', LANGSMITH_TRACING: 'false', LANGCHAIN_TRACING_V2: 'false' };
  // No credentials or tracing endpoints reach the test server: it must work offline.
  for (const key of Object.keys(env)) if (/^(LANGSMITH|LANGCHAIN|LANGGRAPH)_(API_KEY|ENDPOINT)$/.test(key)) delete env[key];
  return env;
}

async function waitForInfo(url: string, timeoutMs: number, exited: Promise<number | null>, logs: () => string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`The LangGraph server exited (code ${exitCode}) before answering /info.\n${logs()}`);
    try {
      const res = await fetch(`${url}/info`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) {
        const body: unknown = await res.json();
        if (body && typeof body === 'object' && 'version' in body) return body as Record<string, unknown>;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The LangGraph server did not answer ${url}/info within ${timeoutMs} ms.\n${logs()}`);
}

function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: no process left in the group
  }
}

async function waitGroupGone(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!signalGroup(pgid, 0)) {
      live.delete(pgid);
      return true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

async function endGroup(pgid: number, child: ChildProcess, graceMs: number): Promise<void> {
  if (!signalGroup(pgid, 'SIGTERM')) {
    live.delete(pgid);
    return;
  }
  if (!(await waitGroupGone(pgid, graceMs))) {
    signalGroup(pgid, 'SIGKILL');
    if (!(await waitGroupGone(pgid, 5_000))) throw new Error(`The LangGraph server's process group ${pgid} survived SIGKILL.`);
  }
  child.stdout?.destroy();
  child.stderr?.destroy();
}

/**
 * A detached process that polls this process; when it is gone, it kills the server's group and
 * removes the temp dir. It exits on its own once the group is gone.
 */
function startWatchdog(pgid: number, projectDir: string): void {
  const script = `
const [parent, pgid, dir] = process.argv.slice(1);
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const timer = setInterval(() => {
  if (!alive(-Number(pgid))) { clearInterval(timer); return; }
  if (!alive(Number(parent))) {
    try { process.kill(-Number(pgid), 'SIGKILL'); } catch {}
    require('node:fs').rmSync(dir, { recursive: true, force: true });
    clearInterval(timer);
  }
}, 1000);`;
  const dog = spawn(process.execPath, ['-e', script, String(process.pid), String(pgid), projectDir], { detached: true, stdio: 'ignore' });
  dog.unref();
}
