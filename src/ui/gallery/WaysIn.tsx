import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';

const pick = (s: AppState) => ({ setView: s.setView });

/** The four ways into the debugger, each one click from the first screen. */
const WAYS = [
  {
    id: 'files',
    title: 'Open your checkpoints',
    text: 'A SQLite file your app wrote (with its -wal), a Postgres dump or a dev-server store; read in this browser, never changed.',
    action: 'Open a file…',
  },
  {
    id: 'servers',
    title: 'Connect a LangGraph server',
    text: 'A local `langgraph dev` or a deployment: its threads, their history and runs.',
    action: 'Connect…',
  },
  {
    id: 'editor',
    title: 'Paste your program',
    text: 'LangGraph.js code with `@langchain/langgraph` imports: every run becomes a thread to debug.',
    action: 'Open the editor',
  },
  {
    id: 'gallery',
    title: 'Try a gallery graph',
    text: 'Ready-made graphs that interrupt, fail, retry, fan out and hand off: one click runs one.',
    action: 'Show the gallery',
  },
] as const;

type WayId = (typeof WAYS)[number]['id'];

/** Renders text with `code` spans. */
function Words({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}

/** The first screen's row of ways in: opened files, servers, the editor, the gallery below. */
export function WaysIn() {
  const a = useAppStoreShallow(pick);
  const go = (id: WayId) => {
    if (id !== 'gallery') a.setView(id);
    else document.getElementById('gallery-title')?.scrollIntoView({ block: 'start' });
  };
  return (
    <section className="gallery-section" aria-labelledby="ways-in-title" data-testid="ways-in">
      <h2 id="ways-in-title">Debug a LangGraph run</h2>
      <ul className="ways-in">
        {WAYS.map((w) => (
          <li key={w.id} className="way-in" data-way={w.id}>
            <h3>{w.title}</h3>
            <p><Words text={w.text} /></p>
            <button type="button" onClick={() => go(w.id)} data-testid={`way-in-${w.id}`}>{w.action}</button>
          </li>
        ))}
      </ul>
    </section>
  );
}
