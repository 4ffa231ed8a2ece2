import { useMemo } from 'react';
import type { CheckpointDetail } from '../../../protocol/dto';
import { ChatTranscript } from './ChatTranscript';
import { readTranscript } from './messages';

/**
 * The message lists of a checkpoint's state (e.g. `MessagesAnnotation`'s `messages`) as chat
 * transcripts; nothing when the state holds none.
 */
export function ChatState({ detail }: { detail: CheckpointDetail }) {
  const lists = useMemo(
    () =>
      Object.entries(detail.values).flatMap(([key, value]) => {
        const messages = readTranscript(value);
        if (!messages) return [];
        const cut = detail.truncated?.values?.find((t) => t.path.length === 1 && t.path[0] === key && t.unit === 'entries');
        return [{ key, value, messages, total: cut?.total }];
      }),
    [detail],
  );
  if (lists.length === 0) return null;
  return (
    <div className="chat-state" data-testid="chat-state">
      {lists.map((l) => <ChatTranscript key={l.key} stateKey={l.key} messages={l.messages} raw={l.value} total={l.total} />)}
    </div>
  );
}
