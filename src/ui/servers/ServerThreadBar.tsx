import { isRemoteKey, parseRemoteKey } from '../../protocol/remote';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { CallProgress } from './CallProgress';
import { ServerError } from './ServerError';
import './servers.css';

const pick = (s: AppState) => ({
  threadId: s.threadId, graphId: s.graphId, servers: s.servers, olderBefore: s.olderBefore, loadOlder: s.loadOlder, copy: s.copyServerThread,
  readOn: s.readOn, readOnRun: s.readOnRun, shown: s.history.length, setView: s.setView,
});

/**
 * Above the debugger when the open thread (or graph) lives on a LangGraph server: which server,
 * the older history pages, Copy, reading a cut run on, slow calls and the last server fault.
 */
export function ServerThreadBar() {
  const { threadId, graphId, servers, olderBefore, loadOlder, copy, readOn, readOnRun, shown, setView } = useAppStoreShallow(pick);
  const key = isRemoteKey(threadId) ? threadId : isRemoteKey(graphId) ? graphId : null;
  if (key === null) return null;
  const serverId = parseRemoteKey(key)?.serverId;
  const server = servers.find((s) => s.serverId === serverId);
  const onThread = isRemoteKey(threadId);
  return (
    <div className="server-thread-bar" data-testid="server-thread-bar">
      <span>On the LangGraph server <button type="button" className="link" onClick={() => setView('servers')}>{server?.name ?? serverId}</button>{onThread ? ` · thread ${parseRemoteKey(threadId!)?.id}` : ' · a run starts a new server thread'}</span>
      {onThread && <span data-testid="server-history-shown">{shown} checkpoints shown</span>}
      {onThread && olderBefore !== null && <button type="button" onClick={() => void loadOlder()} data-testid="server-load-older">Older checkpoints</button>}
      {onThread && <button type="button" onClick={() => void copy()} data-testid="server-copy-thread">Copy thread</button>}
      {readOn && <button type="button" onClick={() => void readOnRun()} data-testid="server-read-on">Follow run {readOn.runId.slice(0, 8)} again</button>}
      <CallProgress />
      <ServerError />
    </div>
  );
}
