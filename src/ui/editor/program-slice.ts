/**
 * Program slice: the editor's "Run program". The text being edited runs as a program (a script that
 * builds graphs and calls them) in a sandbox worker of its own; its console lines, the threads its
 * graph calls made, and how it ended are kept here per program run. `process.env` answers from
 * the program's settings table, kept with the editor's draft (per program name), never the page's.
 */
import type { StateCreator } from 'zustand';
import type { ConsoleLineDTO, ProgramThreadDTO, UserCodeErrorDTO, WireError } from '../../protocol/dto';
import type { ProgramEvent } from '../../protocol/messages';
import type { AppState, StoreClient } from '../store/types';
import { cleanName } from './slice';

/** One row of a program's settings table. */
export interface EnvRow {
  key: string;
  value: string;
}

/** The last program run of the editor. */
export interface ProgramRunState {
  programRunId: string | null;
  status: 'running' | 'done' | 'error' | 'cancelled';
  lines: ConsoleLineDTO[];
  threads: ProgramThreadDTO[];
  error: UserCodeErrorDTO | null;
  problem: WireError | null;
}

export interface ProgramSlice {
  /** The settings table of the program being edited (`process.env`). */
  programEnv: EnvRow[];
  programRun: ProgramRunState | null;
  setProgramEnv(rows: EnvRow[]): void;
  /** Runs the editor's text as a program. */
  runEditorProgram(): Promise<void>;
  cancelEditorProgram(): Promise<void>;
  /** Opens a thread the program made in the debugger. */
  openProgramThread(threadId: string): Promise<void>;
}

type ProgramEvents = { onProgram?(cb: (event: ProgramEvent) => void): () => void };

/** Console lines kept per program run (the oldest are dropped past it). */
const MAX_LINES = 5_000;
const ENV_KEY = 'replaygraph.editor.env.';

function readEnv(name: string): EnvRow[] {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(ENV_KEY + name);
    const rows = raw === null ? [] : (JSON.parse(raw) as unknown);
    return Array.isArray(rows) ? rows.filter((r): r is EnvRow => typeof r?.key === 'string' && typeof r?.value === 'string') : [];
  } catch {
    return [];
  }
}

function writeEnv(name: string, rows: EnvRow[]): void {
  try {
    if (typeof localStorage !== 'undefined') localStorage.setItem(ENV_KEY + name, JSON.stringify(rows));
  } catch {
    // Not fatal: the table stays for this page's life.
  }
}

/** The name of the draft the editor starts with (slice.ts keeps it). */
function draftName(): string {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem('replaygraph.editor.draft');
    const name = raw === null ? undefined : (JSON.parse(raw) as { name?: unknown }).name;
    return cleanName(typeof name === 'string' ? name : 'my-graph');
  } catch {
    return 'my-graph';
  }
}

/** The settings as `process.env` answers them (blank keys left out). */
export const envOf = (rows: readonly EnvRow[]): Record<string, string> =>
  Object.fromEntries(rows.filter((r) => r.key.trim() !== '').map((r) => [r.key.trim(), r.value]));

/** Creates the program slice over `client`. */
export function createProgramSlice(client: StoreClient): StateCreator<AppState, [], [], ProgramSlice> {
  return (set, get) => {
    /** Resolves the wait of the program run going on. */
    let ended: (() => void) | null = null;
    const apply = (e: ProgramEvent) => {
      const run = get().programRun;
      if (!run || run.programRunId !== e.programRunId) return;
      if (e.type === 'rg/program.output') set({ programRun: { ...run, lines: [...run.lines, ...e.lines].slice(-MAX_LINES) } });
      else if (e.type === 'rg/program.thread') set({ programRun: { ...run, threads: [...run.threads, e.thread] } });
      else {
        set({ programRun: { ...run, status: e.outcome, error: e.error, problem: e.problem } });
        void get().refreshThreads();
        ended?.();
      }
    };
    return {
      programEnv: readEnv(draftName()),
      programRun: null,
      setProgramEnv(rows) {
        set({ programEnv: rows });
        writeEnv(cleanName(get().editorName), rows);
      },

      async runEditorProgram() {
        const name = cleanName(get().editorName);
        // Events may come before the reply names the run: they wait here until it does.
        const early: ProgramEvent[] = [];
        let known = false;
        const off = (client as StoreClient & ProgramEvents).onProgram?.((e) => (known ? apply(e) : early.push(e)));
        set({ programRun: { programRunId: null, status: 'running', lines: [], threads: [], error: null, problem: null } });
        try {
          const r = await client.request('rg/program.run', { name, source: get().editorSource, env: envOf(get().programEnv) });
          set({ programRun: { ...get().programRun!, programRunId: r.programRunId } });
          const end = new Promise<void>((resolve) => (ended = resolve));
          known = true;
          for (const e of early.splice(0)) apply(e);
          await end;
        } catch (err) {
          set({ programRun: { ...get().programRun!, status: 'error', problem: (err as { data?: WireError }).data ?? { code: 'INTERNAL', name: 'ProgramError', message: String(err) } } });
        } finally {
          ended = null;
          off?.();
        }
      },

      async cancelEditorProgram() {
        const id = get().programRun?.programRunId;
        if (!id) return;
        try {
          await client.request('rg/program.cancel', { programRunId: id });
        } catch (err) {
          get().reportError('Cancelling the program', err);
        }
      },

      async openProgramThread(threadId) {
        await get().refreshThreads();
        set({ view: 'debugger' });
        await get().openThread(threadId);
      },
    };
  };
}
