/**
 * Editor slice: the TypeScript of a user graph, compiled and run in the worker (never on the page).
 * Syntax, evaluation and run-time errors come back positioned in the source.
 *
 * An imported graph not approved yet is shown, never checked: its code is not copied into the text
 * being edited (the view shows it read-only, as the worker lists it), Check is refused, and Save is
 * its approval (the button says "Approve and save"), which saves exactly the code that was shown.
 */
import type { StateCreator } from 'zustand';
import type { GraphInfo, UserCodeErrorDTO } from '../../protocol/dto';
import { ERROR_CODES } from '../../shared/errors';
import type { RunEnded } from '../../client/worker-client';
import type { AppState, StoreClient } from '../store/types';

/** A new graph's starting text. */
export const STARTER_SOURCE = `import { Annotation, END, START, StateGraph } from 'replaygraph';

export const title = 'My graph';
export const description = 'Two nodes in a row. Edit them and press Run.';
export const exampleInput = { text: 'hello' };

const State = Annotation.Root({
  text: Annotation<string>(),
  log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

export default new StateGraph(State)
  .addNode('shout', (s) => ({ text: s.text.toUpperCase(), log: ['shouted'] }))
  .addNode('sign', (s) => ({ text: \`\${s.text} — signed\`, log: ['signed'] }))
  .addEdge(START, 'shout')
  .addEdge('shout', 'sign')
  .addEdge('sign', END);
`;

export interface EditorSlice {
  /** The name after `user:` of the graph being edited. */
  editorName: string;
  editorSource: string;
  editorError: UserCodeErrorDTO | null;
  /** A compile that did not end with a result: past the load limit (SANDBOX_TIMEOUT) or cancelled (COMPILE_CANCELLED). */
  editorProblem: { code: string; message: string } | null;
  editorStatus: 'idle' | 'compiling' | 'running' | 'saved' | 'compiled';
  setEditorName(name: string): void;
  setEditorSource(source: string): void;
  /** Loads a saved user graph or a gallery graph's source (as a copy) into the editor. */
  editGraph(graphId: string): void;
  newEditorGraph(): void;
  /** Compiles and registers without saving: reports errors, or that it compiles. */
  checkEditorGraph(): Promise<void>;
  /** Compiles and saves; returns the graph id when it compiled. */
  saveEditorGraph(): Promise<string | null>;
  /** Saves, then runs on a new thread: errors stay in the editor, a good run opens the debugger. */
  runEditorGraph(): Promise<void>;
  deleteEditorGraph(graphId: string): Promise<void>;
  /** Stops the compile (Check or Save) going on; its sandbox is stopped. */
  cancelEditorCompile(): Promise<void>;
}

/** A name usable after `user:` (letters, digits, `.`, `_`, `-`). */
export function cleanName(name: string): string {
  return name.trim().replace(/[^\w.-]+/g, '-').slice(0, 64) || 'my-graph';
}

/** The graph `graphId` when it came with an imported file and is not approved yet, else undefined. */
export function unapprovedGraph(graphs: readonly GraphInfo[], graphId: string): GraphInfo | undefined {
  return graphs.find((g) => g.id === graphId && g.quarantine?.reason === 'unapproved');
}

type Waiter = { waitForRun?(runId: string): Promise<RunEnded> };

/** Where the text being edited is kept between page loads (unsaved edits are not lost on reload). */
const DRAFT_KEY = 'replaygraph.editor.draft';

function readDraft(): { name: string; source: string } | null {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(DRAFT_KEY);
    const d = raw === null ? null : (JSON.parse(raw) as unknown);
    if (typeof d === 'object' && d !== null && typeof (d as { name?: unknown }).name === 'string' && typeof (d as { source?: unknown }).source === 'string') {
      return d as { name: string; source: string };
    }
  } catch {
    // Storage may be unavailable (private mode, quota): the editor starts from the starter text.
  }
  return null;
}

function writeDraft(name: string, source: string): void {
  try {
    if (typeof localStorage !== 'undefined') localStorage.setItem(DRAFT_KEY, JSON.stringify({ name, source }));
  } catch {
    // Not fatal: the draft is only a convenience.
  }
}

/** Creates the editor slice over `client`. */
export function createEditorSlice(client: StoreClient): StateCreator<AppState, [], [], EditorSlice> {
  const draft = readDraft();
  return (set, get) => {
    /** A compile that failed as a whole: a timeout or a cancel is shown in the editor, the rest in the error list. */
    function compileFailed(where: string, err: unknown): void {
      const data = (err as { data?: { code?: unknown; message?: unknown } }).data;
      if (data && (data.code === 'SANDBOX_TIMEOUT' || data.code === 'COMPILE_CANCELLED' || data.code === 'GRAPH_NOT_APPROVED')) {
        set({ editorStatus: 'idle', editorProblem: { code: data.code, message: String(data.message) } });
        return;
      }
      set({ editorStatus: 'idle' });
      get().reportError(where, err);
    }

    async function reloadGraphs(): Promise<void> {
      try {
        const { graphs } = await client.request('rg/graphs.list', {});
        set({ graphs });
      } catch (err) {
        get().reportError('Loading graphs', err);
      }
    }

    return {
      editorName: draft?.name ?? 'my-graph',
      editorSource: draft?.source ?? STARTER_SOURCE,
      editorError: null,
      editorProblem: null,
      editorStatus: 'idle',
      setEditorName(name) {
        set({ editorName: name });
        writeDraft(name, get().editorSource);
      },
      setEditorSource(source) {
        set({ editorSource: source, editorStatus: 'idle' });
        writeDraft(get().editorName, source);
      },

      async checkEditorGraph() {
        const graphId = `user:${cleanName(get().editorName)}`;
        // Not even asked: a Check is never the approval of an imported graph (the worker refuses it too).
        if (unapprovedGraph(get().graphs, graphId)) {
          set({ editorProblem: { code: 'GRAPH_NOT_APPROVED', message: ERROR_CODES.GRAPH_NOT_APPROVED(graphId) } });
          return;
        }
        set({ editorStatus: 'compiling', editorError: null, editorProblem: null });
        try {
          const r = await client.request('rg/graph.compile', { graphId, source: get().editorSource });
          // Not listed: a checked graph is not saved, so listing it would show a graph that a
          // reload loses (and whose runs could not be read back with their code).
          set({ editorError: r.error, editorStatus: r.error === null ? 'compiled' : 'idle' });
        } catch (err) {
          compileFailed('Checking the graph', err);
        }
      },

      editGraph(graphId) {
        const g = get().graphs.find((x) => x.id === graphId);
        if (!g || g.source === undefined) return get().reportError('Editor', new Error(`Graph "${graphId}" has no source to edit.`));
        const name = g.origin === 'user' ? graphId.replace(/^user:/, '') : `${graphId}-copy`;
        // An imported graph not approved is shown from the graph list, read-only; its code does not
        // become the editable text (renamed, it would be a copy that Check runs unapproved).
        const source = g.quarantine?.reason === 'unapproved' ? '' : g.source;
        set({ editorName: name, editorSource: source, editorError: null, editorProblem: null, editorStatus: 'idle', view: 'editor' });
        writeDraft(name, source);
      },

      newEditorGraph() {
        set({ editorName: 'my-graph', editorSource: STARTER_SOURCE, editorError: null, editorProblem: null, editorStatus: 'idle', view: 'editor' });
        writeDraft('my-graph', STARTER_SOURCE);
      },

      async saveEditorGraph() {
        const graphId = `user:${cleanName(get().editorName)}`;
        // Approving an imported graph saves the code the person read, not the text being edited.
        const approving = unapprovedGraph(get().graphs, graphId);
        const source = approving?.source ?? get().editorSource;
        set({ editorStatus: 'compiling', editorError: null, editorProblem: null });
        // Approved, the code is the person's own: when the worker took the approval but the code
        // failed, it becomes the text being edited, to be fixed.
        const approved = async () => {
          if (!approving) return;
          await reloadGraphs();
          if (unapprovedGraph(get().graphs, graphId)) return;
          set({ editorSource: source });
          writeDraft(get().editorName, source);
        };
        try {
          const r = await client.request('rg/graph.save', { graphId, source });
          if (r.error !== null || r.graph === null) {
            set({ editorError: r.error, editorStatus: 'idle' });
            await approved();
            return null;
          }
          set({ editorStatus: 'saved', editorSource: source });
          writeDraft(get().editorName, source);
          await reloadGraphs();
          return graphId;
        } catch (err) {
          compileFailed('Saving the graph', err);
          await approved();
          return null;
        }
      },

      async runEditorGraph() {
        const graphId = await get().saveEditorGraph();
        if (graphId === null) return;
        const graph = get().graphs.find((g) => g.id === graphId);
        get().openGraph(graphId);
        set({ editorStatus: 'running' });
        await get().startRun(graph?.exampleInput ?? {}, { newThread: true, stepMode: false });
        const run = get().activeRun;
        const wait = (client as StoreClient & Waiter).waitForRun;
        const ended = run !== null && wait ? await wait.call(client, run.runId) : null;
        set({ editorStatus: 'idle' });
        const e = ended?.error;
        if (ended?.outcome === 'error' && e) {
          set({ editorError: { kind: 'runtime', message: `${e.name}: ${e.message}`, line: e.position?.line ?? null, column: e.position?.column ?? null } });
          return;
        }
        set({ view: 'debugger' });
      },

      async cancelEditorCompile() {
        try {
          await client.request('rg/graph.cancelCompile', { graphId: `user:${cleanName(get().editorName)}` });
        } catch (err) {
          get().reportError('Cancelling the compile', err);
        }
      },

      async deleteEditorGraph(graphId) {
        try {
          await client.request('rg/graph.delete', { graphId });
        } catch (err) {
          get().reportError('Deleting the graph', err);
        }
        await reloadGraphs();
      },
    };
  };
}
