/**
 * The two ways a corpus program is run. Each runner takes program files and returns each one's
 * console lines. `runOnEngine` is the one place that says how our side runs a program: today a
 * child process whose LangGraph.js imports resolve to the sandbox's module table.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Program file → its console lines, in order. */
export type ProgramOutputs = Record<string, string[]>;
export type ProgramRunner = (files: readonly string[]) => Promise<ProgramOutputs>;

const RUNNER = fileURLToPath(new URL('./run-programs.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function runInChild(side: 'reference' | 'engine', files: readonly string[]): Promise<ProgramOutputs> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', RUNNER, side, ...files], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => { out += d; });
    child.stderr.setEncoding('utf8').on('data', (d: string) => { err += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(out) as ProgramOutputs);
      } catch {
        reject(new Error(`the ${side} runner exited with ${String(code)} without outputs:\n${err.slice(-4000)}`));
      }
    });
  });
}

/** LangGraph.js 1.7.3, as installed (the reference). */
export const runOnLangGraph: ProgramRunner = (files) => runInChild('reference', files);

/** Our engine, with the modules the browser sandbox provides. */
export const runOnEngine: ProgramRunner = (files) => runInChild('engine', files);
