import { memo, type ComponentType } from 'react';
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
  // The detail is rendered in the commit that brings it: a deferred body would be painted one frame
  // after the header, and the detail the page receives is bounded (the storage worker cuts it to a
  // preview; the JSON tree renders only the rows in view), so its render is short whatever the state.
  const { tab, setTab, detail, loading, error, checkpointId, theme } = useAppStoreShallow(pick);
  const dark = useIsDark(theme);
  const active = INSPECTOR_TABS.find((t) => t.id === tab) ?? INSPECTOR_TABS[0];
  const Body = active.component;
  return (
    <section className="inspector" aria-labelledby="inspector-title">
      <h2 id="inspector-title" className="pane-title">
        Checkpoint {detail !== null && <><span className="muted">step {detail.summary.step} · {detail.summary.source}</span><StepTook summary={detail.summary} /></>}
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
      <div role="tabpanel" id="inspector-panel" aria-labelledby={`tab-${active.id}`} className="tab-panel" aria-busy={loading} data-testid="inspector-panel" data-checkpoint-id={detail?.summary.checkpointId ?? ''}>
        {checkpointId === null && <p className="empty">Select a checkpoint in the timeline.</p>}
        {/* Laid over the previous checkpoint's body, not above it: the panel keeps its size while the next one loads. */}
        {loading && detail?.summary.checkpointId !== checkpointId && <p className="muted tab-loading" role="status">Loading…</p>}
        {error !== null && <p role="alert">Could not read the checkpoint: {error}</p>}
        {detail !== null && (
          // Kept mounted from one checkpoint to the next (a remount rebuilt the tab's DOM and measured
          // its layout again on every click); a tab whose state is one checkpoint's resets it itself.
          <ErrorBoundary area={active.title} key={active.id} resetKey={detail.summary.checkpointId}>
            <TabBody Body={Body} detail={detail} dark={dark} />
          </ErrorBoundary>
        )}
      </div>
    </section>
  );
}
