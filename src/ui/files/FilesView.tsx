import { useRef, useState, type DragEvent } from 'react';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import type { OpenedFileDTO } from '../../protocol/files';
import { FileThreadList } from './FileThreadList';
import { sizeInWords } from '../../shared/size-words';
import './files.css';

const pick = (s: AppState) => ({
  files: s.openedFiles, busy: s.filesBusy, problem: s.filesProblem, open: s.openAnyFiles, close: s.closeCheckpointFile, stopFollowing: s.stopFollowing,
});

const FORMATS: Record<OpenedFileDTO['format'], string> = {
  sqlite: 'SQLite checkpointer',
  'langgraph-dev': 'JS dev server store',
  'postgres-dump': 'Postgres dump',
};


function OpenedFile({ file, onClose, onStopFollowing }: { file: OpenedFileDTO; onClose: () => void; onStopFollowing: () => void }) {
  return (
    <section className="opened-file" data-testid="opened-file" data-file={file.name} aria-label={file.name}>
      <header>
        <h3>{file.name}</h3>
        <span className="muted" data-testid="opened-file-format">{FORMATS[file.format]}</span>
        <span className="muted">{sizeInWords(file.size)} · read {sizeInWords(file.bytesRead)}</span>
        <span className="muted" data-testid="file-thread-count" data-counted={file.counted}>
          {file.counted ? `${file.threadCount.toLocaleString('en-US')} ${file.threadCount === 1 ? 'thread' : 'threads'}` : `${file.threadCount.toLocaleString('en-US')}+ threads, counting…`}
        </span>
        {file.wal && (
          <span className="muted" data-testid="opened-file-wal">
            {file.wal.merged ? `WAL merged (${file.wal.frames} committed frames)` : `WAL not merged: ${file.wal.reason ?? 'no committed frames'}`}
          </span>
        )}
        {file.followed && <span className="following" data-testid="file-following" title="Served by npm start: read again each time the app writes it">Following</span>}
        <span className="spacer" />
        {file.followed && <button type="button" onClick={onStopFollowing} data-testid="stop-following">Stop following</button>}
        <button type="button" onClick={onClose} data-testid="close-file">Close</button>
      </header>
      {file.notes.length > 0 && <ul className="notes">{file.notes.map((n) => <li key={n}>{n}</li>)}</ul>}
      {file.threadCount === 0 ? <p className="muted">No threads in this file.</p> : <FileThreadList file={file} />}
    </section>
  );
}

/**
 * The "Files" view: drop or choose a LangGraph app's checkpoint files (a `.sqlite`/`.db` with its
 * `-wal`, `.langgraphjs_api.checkpointer.json`, a Postgres dump as JSON or CSV). They are read in
 * the storage worker, slice by slice, and never written.
 */
export function FilesView() {
  const f = useAppStoreShallow(pick);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const choose = (list: FileList | null) => {
    const files = list ? [...list] : [];
    if (input.current) input.current.value = '';
    if (files.length > 0) void f.open(files, 'checkpoints');
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    choose(e.dataTransfer.files);
  };
  return (
    <div className="files-view" data-testid="files-view">
      <div
        className={`drop-zone${over ? ' over' : ''}`}
        data-testid="files-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p><strong>Open your app's checkpoints.</strong> Drop them here, or</p>
        <button type="button" onClick={() => input.current?.click()} disabled={f.busy} data-testid="files-choose">Choose files…</button>
        <input ref={input} type="file" multiple hidden onChange={(e) => choose(e.target.files)} data-testid="files-input" aria-label="Checkpoint files to open" />
        <p className="muted">
          A <code>checkpoints.sqlite</code> (or <code>.db</code>) with its <code>-wal</code> file when there is one,
          {' '}<code>.langgraph_api/.langgraphjs_api.checkpointer.json</code>, or a Postgres dump (one JSON file, or the three CSV tables).
          Files are read in the browser, only where needed, and never changed.
        </p>
        {f.busy && <p data-testid="files-busy">Opening…</p>}
      </div>
      {f.problem && (
        <div className="files-problem" role="alert" data-testid="files-problem" data-code={f.problem.code}>
          <strong>{f.problem.files.join(', ')} could not be opened.</strong> {f.problem.message} Nothing was opened or changed.
        </div>
      )}
      {f.files.map((file) => (
        <OpenedFile key={file.fileId} file={file} onClose={() => void f.close(file.fileId)} onStopFollowing={() => void f.stopFollowing(file.fileId)} />
      ))}
    </div>
  );
}
