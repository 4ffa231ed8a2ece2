import { memo, useMemo, useState } from 'react';
import type { Json } from '../../../protocol/dto';
import type { ChatMessageView, ChatRole } from './messages';
import './chat.css';

const ROLE_TITLES: Record<ChatRole, string> = {
  human: 'Human', ai: 'AI', tool: 'Tool', system: 'System', function: 'Function', remove: 'Remove', other: 'Message',
};

const pretty = (v: Json) => JSON.stringify(v, null, 2);

/** One message: who, its text, the tool calls it asks for or the call it answers, its raw JSON on demand. */
function MessageRow({ m, callNames }: { m: ChatMessageView; callNames: ReadonlyMap<string, string> }) {
  const [raw, setRaw] = useState(false);
  const answered = m.toolCallId !== null ? callNames.get(m.toolCallId) : undefined;
  return (
    <li className={`chat-msg chat-${m.role}`} data-testid="chat-message" data-role={m.role} data-message-id={m.id ?? ''}>
      <div className="chat-head">
        <span className="chat-role" title={m.label}>{ROLE_TITLES[m.role]}</span>
        {m.name !== null && <span className="chat-name">{m.name}</span>}
        {m.role === 'tool' && m.toolCallId !== null && (
          <span className="chat-answers" data-testid="chat-tool-result">
            result of <code>{m.toolCallId}</code>{answered ? ` (${answered})` : ''}
          </span>
        )}
        {m.status !== null && m.status !== 'success' && <span className="chat-status">{m.status}</span>}
        <span className="chat-id" title="message id">{m.id ?? 'no id'}</span>
        <button type="button" className="chat-raw-btn" aria-pressed={raw} onClick={() => setRaw((r) => !r)} data-testid="chat-message-raw-toggle" title="Raw JSON of this message">
          {'{ }'}
        </button>
      </div>
      {m.text !== '' && <div className="chat-text" data-testid="chat-text">{m.text}</div>}
      {m.otherBlocks.length > 0 && <div className="chat-blocks">[{m.otherBlocks.join(', ')}]</div>}
      {m.toolCalls.length > 0 && (
        <ul className="chat-calls">
          {m.toolCalls.map((c, i) => (
            <li key={c.id ?? i} className="chat-call" data-testid="chat-tool-call" data-tool={c.name}>
              <span className="chat-call-name">{c.name}</span> <code className="chat-call-id">{c.id ?? ''}</code>
              <pre className="chat-args">{pretty(c.args)}</pre>
            </li>
          ))}
        </ul>
      )}
      {raw && <pre className="chat-raw" data-testid="chat-message-raw">{pretty(m.raw)}</pre>}
    </li>
  );
}

/** Props of `ChatTranscript`. */
export interface ChatTranscriptProps {
  /** The state key the messages are under. */
  stateKey: string;
  messages: readonly ChatMessageView[];
  /** The whole value as it arrived (the "Raw JSON" view). */
  raw: Json;
  /** When the list arrived cut: how many messages there are in all. */
  total?: number;
}

/** A list of LangChain messages as a chat transcript, with the list's raw JSON one click away. */
function ChatTranscriptView({ stateKey, messages, raw, total }: ChatTranscriptProps) {
  const [showRaw, setShowRaw] = useState(false);
  const callNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const m of messages) for (const c of m.toolCalls) if (c.id !== null) names.set(c.id, c.name);
    return names;
  }, [messages]);
  return (
    <section className="chat" data-testid="chat-transcript" data-key={stateKey} aria-label={`Messages in ${stateKey}`}>
      <header className="chat-bar">
        <strong>{stateKey}</strong>
        <span className="muted">
          {messages.length}{total !== undefined && total > messages.length ? ` of ${total}` : ''} message{messages.length === 1 ? '' : 's'}
        </span>
        <button type="button" aria-pressed={showRaw} onClick={() => setShowRaw((r) => !r)} data-testid="chat-raw-toggle">
          {showRaw ? 'Transcript' : 'Raw JSON'}
        </button>
      </header>
      {showRaw ? (
        <pre className="chat-raw" data-testid="chat-raw">{pretty(raw)}</pre>
      ) : (
        <ol className="chat-list">
          {messages.map((m, i) => <MessageRow key={m.id ?? i} m={m} callNames={callNames} />)}
        </ol>
      )}
      {total !== undefined && total > messages.length && (
        <p className="muted chat-cut">The first {messages.length} messages arrived; the state tree below loads the rest.</p>
      )}
    </section>
  );
}

export const ChatTranscript = memo(ChatTranscriptView);
