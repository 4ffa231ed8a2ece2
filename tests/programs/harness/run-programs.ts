/**
 * Runs corpus programs one after another in this process and prints, as one JSON object on stdout,
 * each program's console lines: `npx tsx run-programs.ts <reference|engine> <file>…`.
 *
 * `reference` runs them on LangGraph.js 1.7.3 as installed; `engine` first installs module hooks
 * that resolve the LangGraph.js names to our engine as the browser sandbox provides them.
 */
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';

type Side = 'reference' | 'engine';

/** How long one program may run before it is reported as hanging. */
const PROGRAM_LIMIT_MS = 20_000;

async function useSandboxModules(): Promise<void> {
  const { moduleTable } = await import('../../../src/sandbox/usercode/modules.ts');
  const { ENGINE_API, USER_MODULES } = await import('../../../src/sandbox/user-modules.ts');
  const table = moduleTable(ENGINE_API, USER_MODULES);
  (globalThis as { __replaygraphModules?: unknown }).__replaygraphModules = table;
  const exportsByModule = Object.fromEntries(Object.entries(table).map(([name, m]) => [name, Object.keys(m).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default')]));
  register(new URL('./module-hooks.mjs', import.meta.url), { data: { exportsByModule } });
}

/** One program's console lines; an uncaught error or a hang ends them with one line saying so. */
async function runOne(file: string): Promise<string[]> {
  const lines: string[] = [];
  current = lines;
  const original = console.log;
  console.log = (...args: unknown[]) => { lines.push(format(...args)); };
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const hang = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`still running after ${PROGRAM_LIMIT_MS} ms`)), PROGRAM_LIMIT_MS); });
    await Promise.race([import(pathToFileURL(file).href), hang]);
  } catch (error) {
    const e = error as { name?: string; message?: string };
    lines.push(`UNCAUGHT ${e?.name ?? 'Error'}: ${e?.message ?? String(error)}`);
  } finally {
    clearTimeout(timer);
    console.log = original;
  }
  return lines;
}

/** The program running now: an unhandled rejection is written into its lines. */
let current: string[] = [];
process.on('unhandledRejection', (error) => {
  const e = error as { name?: string; message?: string };
  current.push(`UNHANDLED ${e?.name ?? 'Error'}: ${e?.message ?? String(error)}`);
});

const [side, ...files] = process.argv.slice(2) as [Side, ...string[]];
if (side !== 'reference' && side !== 'engine') throw new Error(`unknown side ${String(side)}`);
if (side === 'engine') await useSandboxModules();
const out: Record<string, string[]> = {};
for (const file of files) {
  const t0 = performance.now();
  out[file] = await runOne(file);
  if (process.env.PROGRAM_TIMES) process.stderr.write(`${Math.round(performance.now() - t0)} ms ${file}\n`);
}
// Exit once written (a program may leave timers behind); exiting before would cut a piped stdout.
process.stdout.write(JSON.stringify(out), () => process.exit(0));
