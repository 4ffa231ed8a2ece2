import type { ReactNode } from 'react';
import { useAppStore } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { ErrorBoundary } from './ErrorBoundary';

const selectKey = (s: AppState) => `${s.threadId ?? ''}\u0000${s.ns}\u0000${s.checkpointId ?? ''}`;

/** An error boundary that clears itself when another checkpoint is selected. */
export function SelectionBoundary({ area, children }: { area: string; children: ReactNode }) {
  const key = useAppStore(selectKey);
  return <ErrorBoundary area={area} resetKey={key}>{children}</ErrorBoundary>;
}
