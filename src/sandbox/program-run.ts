/**
 * One `sb/program`: runs a program (usercode/program.ts) in this sandbox worker, its console lines
 * sent to the storage worker in batches (`sb/console`), every top-level graph call recorded as a
 * debugger thread (program-threads.ts). Answers with the program's uncaught error, or null. The
 * storage worker bounds it in time and stops the worker when it ends.
 */
import type { ConsoleLineDTO, UserCodeErrorDTO } from '../protocol/dto';
import { createBatcher } from '../protocol/batcher';
import type { FromSandbox, ProgramPlan } from '../protocol/sandbox';
import { GraphNames, recordGraphCalls, type ThreadOpener } from './program-threads';
import { compileProgram, moduleTable } from './usercode/index';
import { ENGINE_API, USER_MODULES } from './user-modules';

/** The sourceURL a program is evaluated under (its stack frames name it). */
const PROGRAM_FILE = 'user-program.ts';

/** Lines longer than this are cut (the storage worker refuses longer ones). */
const MAX_LINE = 10_000;

/** Runs `plan`; never throws. */
export async function executeProgram(plan: ProgramPlan, post: (m: FromSandbox) => void, open: ThreadOpener): Promise<{ error: UserCodeErrorDTO | null }> {
  const lines = createBatcher<ConsoleLineDTO>({ maxBatch: 200, intervalMs: 50, flush: (batch) => post({ type: 'sb/console', lines: batch }) });
  const compiled = compileProgram(plan.source, {
    modules: moduleTable(ENGINE_API, USER_MODULES),
    env: plan.env,
    fileName: PROGRAM_FILE,
    onConsole: (l) => lines.push({ level: l.level, text: l.text.length > MAX_LINE ? `${l.text.slice(0, MAX_LINE)}…` : l.text, line: l.line }),
  });
  if (!compiled.ok) return { error: compiled.error };
  const names = new GraphNames({ lineOf: (stack) => compiled.positionOf(stack)?.line, sourceLines: compiled.sourceLines });
  const stop = recordGraphCalls(PROGRAM_FILE, open, names);
  let error: UserCodeErrorDTO | null = null;
  try {
    const result = await compiled.run();
    if (!result.ok) error = result.error;
  } finally {
    await stop();
    lines.dispose();
  }
  return { error };
}
