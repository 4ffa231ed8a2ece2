/**
 * Runs the selected test files of one measured side in a child Vitest process, under two bounds:
 * a stall bound (no event from any test file for that long: every running file is stuck, e.g. in
 * a synchronous loop that no per-test timeout can stop) and a bound for the whole side. A killed
 * process costs only the files it was running: the ones it had not started run again in a new
 * process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, closeSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunEvent } from './reporter';
import { rel } from './suite';
import type { RunPlan } from './vitest-config';

/** One test result as reported by Vitest. */
export interface TestResult {
  file: string;
  name: string;
  line?: number;
  column?: number;
  state: string;
  error?: string;
}

/** What one side's run produced: the test results, and why a file has none (import error, hang, …). */
export interface SideRun {
  results: TestResult[];
  fileErrors: Map<string, string>;
  processes: number;
  seconds: number;
}

/** The bounds and the plumbing of a side's run. */
export interface SideOptions {
  label: string;
  tmp: string;
  vitestBin: string;
  configFactory: string;
  stallMs: number;
  boundMs: number;
  /** Every running child process, so an interrupted harness can end them. */
  children: Set<ChildProcess>;
}

function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' };
  // No tracing to LangSmith from the suite's runs, whatever the caller's shell has.
  for (const key of Object.keys(env)) if (/^(LANGCHAIN|LANGSMITH)_/.test(key)) delete env[key];
  return env;
}

function readEvents(path: string): RunEvent[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').split('\n').filter(Boolean).flatMap((line) => {
    try {
      return [JSON.parse(line) as RunEvent];
    } catch {
      return []; // a line cut by a kill
    }
  });
}

function tail(path: string, lines: number): string {
  if (!existsSync(path)) return '';
  return readFileSync(path, 'utf8').trim().split('\n').slice(-lines).join(' | ').slice(0, 400);
}

/** Runs `plan.include` (paths relative to `plan.root`) until every file has a result or an error. */
export async function runSide(base: Omit<RunPlan, 'include' | 'events'>, files: string[], opts: SideOptions): Promise<SideRun> {
  const started = Date.now();
  const deadline = started + opts.boundMs;
  const results: TestResult[] = [];
  const fileErrors = new Map<string, string>();
  let pending = [...files];
  let processes = 0;
  while (pending.length > 0) {
    if (Date.now() >= deadline) {
      for (const f of pending) fileErrors.set(f, `not run: the side's bound (${opts.boundMs / 1000} s) was reached`);
      break;
    }
    processes += 1;
    const tag = `${opts.label}-${processes}`;
    const events = join(opts.tmp, `events-${tag}.jsonl`);
    const planPath = join(opts.tmp, `plan-${tag}.json`);
    const configPath = join(opts.tmp, `vitest-${tag}.config.mjs`);
    const logPath = join(opts.tmp, `vitest-${tag}.log`);
    const plan: RunPlan = { ...base, include: pending, events };
    writeFileSync(planPath, JSON.stringify(plan));
    writeFileSync(configPath, `import { createConfig } from ${JSON.stringify(opts.configFactory)};\nexport default createConfig(${JSON.stringify(planPath)});\n`);
    const { code, killed } = await spawnBounded(opts, ['run', '--config', configPath], base.root, events, logPath, deadline);
    const seen = readEvents(events);
    const relFile = (id: string) => rel(base.root, id);
    const startedFiles = new Set(seen.filter((e) => e.t === 'start').map((e) => relFile(e.file)));
    const ended = new Map<string, string[]>();
    for (const e of seen) {
      if (e.t === 'test') results.push({ file: relFile(e.file), name: e.name, line: e.line, column: e.column, state: e.state, error: e.error });
      if (e.t === 'end') ended.set(relFile(e.file), e.errors);
    }
    const next: string[] = [];
    for (const f of pending) {
      const errors = ended.get(f);
      if (errors) {
        if (errors.length > 0) fileErrors.set(f, errors[0]);
      } else if (startedFiles.has(f) && killed) {
        fileErrors.set(f, `file did not finish: ${killed}`);
      } else if (killed) {
        next.push(f);
      } else {
        fileErrors.set(f, `not run: Vitest exited with code ${code}: ${tail(logPath, 5)}`);
      }
    }
    if (next.length === pending.length) {
      for (const f of next) fileErrors.set(f, `not run: ${killed ?? 'Vitest started nothing'}: ${tail(logPath, 5)}`);
      break;
    }
    pending = next;
  }
  return { results, fileErrors, processes, seconds: (Date.now() - started) / 1000 };
}

/** Spawns Vitest; kills its process group on a stall or at the deadline. */
function spawnBounded(
  opts: SideOptions, args: string[], cwd: string, events: string, logPath: string, deadline: number,
): Promise<{ code: number | null; killed?: string }> {
  return new Promise((resolvePromise) => {
    const log = openSync(logPath, 'w');
    const child = spawn(process.execPath, [opts.vitestBin, ...args], { cwd, env: childEnv(), detached: true, stdio: ['ignore', log, log] });
    opts.children.add(child);
    let lastSize = -1;
    let lastChange = Date.now();
    let killed: string | undefined;
    const timer = setInterval(() => {
      const size = existsSync(events) ? statSync(events).size : 0;
      if (size !== lastSize) {
        lastSize = size;
        lastChange = Date.now();
      }
      const reason = Date.now() >= deadline
        ? `the side's bound (${opts.boundMs / 1000} s) was reached`
        : Date.now() - lastChange > opts.stallMs ? `no test finished for ${opts.stallMs / 1000} s (a test hangs)` : undefined;
      if (reason && !killed && child.pid !== undefined) {
        killed = reason;
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }, 1000);
    child.on('exit', (code) => {
      clearInterval(timer);
      closeSync(log);
      opts.children.delete(child);
      resolvePromise({ code, killed });
    });
  });
}
