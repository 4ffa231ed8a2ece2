import { memo, useDeferredValue, type ComponentType } from 'react';
import type { CheckpointDetail } from '../../protocol/dto';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { ErrorBoundary } from '../app/ErrorBoundary';
import { INSPECTOR_TABS, type TabProps } from './registry';
import { StepTook } from './StepTook';
import { useIsDark } from '../nav/useIsDark';

const pick = (s: AppState) => ({
  tab: s.tab,
  setTab: s.setTab,
  detail: s.detail,
  loading: s.detailLoading,
  error: s.detailError,
  checkpointId: s.checkpointId,
  theme: s.theme,
});

/**
 * The open tab's body, memoized: the inspector re-renders when a selection starts loading, and the
 * previous checkpoint's tree (shown until the new detail arrives) need not be rebuilt for that.
 */
const TabBody = memo(function TabBody({ Body, detail, dark }: { Body: ComponentType<TabProps>; detail: CheckpointDetail; dark: boolean }) {
  return <Body detail={detail} dark={dark} />;
});

/** The selected checkpoint, in the tabs of the registry. */
export function Inspector() {
  const { tab, setTab, detail: current, loading, error, checkpointId, theme } = useAppStoreShallow(pick);
  // The tab body renders at deferred priority: React builds it in time slices, so a detail that
  // arrives never makes one long task of the message that brought it (the header updates at once).
  const detail = useDeferredValue(current);
  const dark = useIsDark(theme);
  const active = INSPECTOR_TABS.find((t) => t.id === tab) ?? INSPECTOR_TABS[0];
  const Body = active.component;
  return (
    <section className="inspector" aria-labelledby="inspector-title">
      <h2 id="inspector-title" className="pane-title">
        Checkpoint {current !== null && <><span className="muted">step {current.summary.step} · {current.summary.source}</span><StepTook summary={current.summary} /></>}
      </h2>
      <div role="tablist" aria-label="Inspector tabs" className="tabs">
        {INSPECTOR_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={t.id === active.id}
            aria-controls="inspector-panel"
            data-testid={`inspector-tab-${t.id}`}
            onClick={() => setTab(t.id)}
          >
            {t.title}
            {t.id === 'writes' && detail !== null && detail.pendingWrites.length > 0 && ` (${detail.pendingWrites.length})`}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="inspector-panel" aria-labelledby={`tab-${active.id}`} className="tab-panel" data-testid="inspector-panel" data-checkpoint-id={detail?.summary.checkpointId ?? ''}>
        {checkpointId === null && <p className="empty">Select a checkpoint in the timeline.</p>}
        {loading && detail?.summary.checkpointId !== checkpointId && <p className="muted">Loading…</p>}
        {error !== null && <p role="alert">Could not read the checkpoint: {error}</p>}
        {detail !== null && (
          <ErrorBoundary area={active.title} key={`${active.id}:${detail.summary.checkpointId}`}>
            <TabBody Body={Body} detail={detail} dark={dark} />
          </ErrorBoundary>
        )}
      </div>
    </section>
  );
}
