import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { FileThreadDTO, OpenedFileDTO } from '../../protocol/files';
import { useAppStore, useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';

const ROW_H = 30;
/** Rows drawn at most: the list scrolls beyond. */
const ROWS_SHOWN = 14;
const LANGUAGES = { js: 'LangGraph.js', python: 'LangGraph Python', unknown: 'unknown' } as const;
const estimateSize = () => ROW_H;
const pick = (s: AppState) => ({ load: s.loadFileThreads, openThread: s.openFileThread });

function Row({ t, top, onOpen }: { t: FileThreadDTO; top: number; onOpen: (threadId: string) => void }) {
  return (
    <div className="file-thread" role="row" style={{ top, height: ROW_H }} data-testid="file-thread" data-thread={t.originalId}>
      <span role="cell" className="mono" title={t.originalId}>{t.originalId}</span>
      <span role="cell">{LANGUAGES[t.language]}</span>
      <span role="cell" data-testid="file-thread-status">{t.status}</span>
      <span role="cell" data-testid="file-thread-checkpoints">{t.checkpoints}</span>
      <span role="cell" data-testid="file-thread-namespaces">{t.namespaces}</span>
      <span role="cell"><button type="button" onClick={() => onOpen(t.threadId)} data-testid="open-file-thread">Open</button></span>
    </div>
  );
}

/**
 * An opened file's threads: however many the file holds, only the rows in view are drawn, and
 * they are asked of the storage worker page by page as the list scrolls (`rg/files.threads`).
 */
export function FileThreadList({ file }: { file: OpenedFileDTO }) {
  const rows = useAppStore((s) => s.fileThreadRows[file.fileId]);
  const { load, openThread } = useAppStoreShallow(pick);
  const total = rows?.total ?? file.threadCount;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => scrollRef.current, estimateSize, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const from = items[0]?.index ?? 0;
  const to = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (total > 0) void load(file.fileId, from, to);
  }, [load, file.fileId, from, to, total]);
  return (
    <div className="file-threads" role="table" aria-label={`Threads of ${file.name}`} aria-rowcount={total} data-testid="file-threads">
      <div className="file-thread head" role="row">
        <span role="columnheader">thread</span><span role="columnheader">written by</span><span role="columnheader">status</span>
        <span role="columnheader">checkpoints</span><span role="columnheader">namespaces</span><span role="columnheader" />
      </div>
      <div ref={scrollRef} className="file-threads-scroll" style={{ height: Math.min(total, ROWS_SHOWN) * ROW_H }} data-testid="file-threads-scroll">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="rowgroup">
          {items.map((v) => {
            const t = rows?.rows[v.index];
            return t ? (
              <Row key={v.key} t={t} top={v.start} onOpen={(id) => void openThread(id)} />
            ) : (
              <div key={v.key} className="file-thread" role="row" style={{ top: v.start, height: ROW_H }} data-testid="file-thread-loading">
                <span role="cell" className="muted">…</span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
