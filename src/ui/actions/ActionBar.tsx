import { useState } from 'react';
import { selectRunning, selectThread } from '../store/selectors';
import { useAppStore, useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { ForkForm } from './ForkForm';
import { InterruptForms } from './InterruptForms';
import { RunForm } from './RunForm';
import { readOnlyReason } from '../files/FileThreadBar';

const pick = (s: AppState) => ({
  threadId: s.threadId,
  checkpointId: s.checkpointId,
  step: s.step,
  continueRun: s.continueRun,
  cancelRun: s.cancelRun,
  replayFrom: s.replayFrom,
  deleteThread: s.deleteThread,
  breakBefore: s.breakBefore,
  breakAfter: s.breakAfter,
});

/** Run, step, continue, cancel, replay, fork, delete; plus the interrupt forms. */
export function ActionBar() {
  const a = useAppStoreShallow(pick);
  const running = useAppStore(selectRunning);
  const thread = useAppStore(selectThread);
  const [forking, setForking] = useState(false);
  const noThread = a.threadId === null;
  const ro = thread?.readOnly === true;
  // Disabled actions that would write say why (a file's thread, an imported history).
  const why = readOnlyReason(thread) ?? undefined;
  const fromFile = thread?.file !== undefined;
  return (
    <div className="action-bar">
      <RunForm />
      <div className="buttons" role="toolbar" aria-label="Run controls">
        <button type="button" disabled={noThread || running || ro} onClick={() => void a.step()} data-testid="action-step" title={why ?? 'F10'}>Step</button>
        <button type="button" disabled={noThread || running || ro} onClick={() => void a.continueRun()} data-testid="action-continue" title={why ?? 'F8'}>Continue</button>
        <button type="button" disabled={!running} onClick={() => void a.cancelRun()} data-testid="action-cancel">Cancel</button>
        <button type="button" disabled={a.checkpointId === null || running || ro} onClick={() => a.checkpointId !== null && void a.replayFrom(a.checkpointId)} data-testid="action-replay" title={why}>Replay from here</button>
        <button type="button" disabled={a.checkpointId === null || running || ro} onClick={() => setForking((f) => !f)} aria-expanded={forking} data-testid="action-fork" title={why}>Fork from here…</button>
        <button
          type="button"
          disabled={noThread || running || fromFile}
          title={fromFile ? 'A thread of an opened file is not deleted: close the file in the Files view.' : undefined}
          onClick={() => a.threadId !== null && window.confirm(`Delete thread ${a.threadId} and all its checkpoints?`) && void a.deleteThread(a.threadId)}
          data-testid="action-delete"
        >
          Delete thread
        </button>
        {(a.breakBefore.length > 0 || a.breakAfter.length > 0) && (
          <span className="muted" data-testid="breakpoints">breakpoints: {[...a.breakBefore.map((n) => `before ${n}`), ...a.breakAfter.map((n) => `after ${n}`)].join(', ')}</span>
        )}
      </div>
      {forking && <ForkForm onDone={() => setForking(false)} />}
      <InterruptForms />
    </div>
  );
}
