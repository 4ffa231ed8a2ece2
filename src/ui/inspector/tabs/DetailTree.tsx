import { useCallback } from 'react';
import type { CheckpointDetail, DetailField, TruncationDTO } from '../../../protocol/dto';
import { useAppStore } from '../../store/useAppStore';
import { VirtualJsonTree } from '../json-tree/VirtualJsonTree';

const NONE: readonly TruncationDTO[] = [];
const EMPTY = {};

/** One large field of a checkpoint detail as a virtualized tree, loading more of what arrived cut. */
export function DetailTree({ detail, field, label, testId, searchable = false }: { detail: CheckpointDetail; field: DetailField; label: string; testId: string; searchable?: boolean }) {
  const loadSlice = useAppStore((s) => s.loadDetailSlice);
  const loadMore = useCallback((path: (string | number)[], offset: number, limit: number) => loadSlice(field, path, offset, limit), [loadSlice, field]);
  const data = detail[field];
  return <VirtualJsonTree data={data ?? EMPTY} truncated={detail.truncated?.[field] ?? NONE} loadMore={loadMore} label={label} testId={testId} searchable={searchable} />;
}
