import type { ReactNode } from 'react';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';

/** A resize handle between two panels, reachable by keyboard. */
function Handle({ vertical = false }: { vertical?: boolean }) {
  return <Separator className={vertical ? 'rz-handle rz-handle-v' : 'rz-handle'} />;
}

interface Props {
  timeline: ReactNode;
  graph: ReactNode;
  runs: ReactNode;
  actions: ReactNode;
  inspector: ReactNode;
}

/**
 * The debugger's panels: timeline | graph over runs | actions over inspector. Every border can be
 * dragged; the sizes are kept in localStorage and restored on the next visit.
 */
export function DebuggerLayout({ timeline, graph, runs, actions, inspector }: Props) {
  const main = useDefaultLayout({ id: 'replaygraph.layout.main', storage: localStorage });
  const center = useDefaultLayout({ id: 'replaygraph.layout.center', storage: localStorage });
  const right = useDefaultLayout({ id: 'replaygraph.layout.right', storage: localStorage });
  return (
    <Group orientation="horizontal" className="app-body" id="g-main" defaultLayout={main.defaultLayout} onLayoutChanged={main.onLayoutChanged}>
      <Panel id="p-timeline" defaultSize="22" minSize={200} className="pane pane-left">
        <aside className="pane-fill" aria-label="Timeline">{timeline}</aside>
      </Panel>
      <Handle />
      <Panel id="p-center" defaultSize="46" minSize={280}>
        <Group orientation="vertical" id="g-center" defaultLayout={center.defaultLayout} onLayoutChanged={center.onLayoutChanged}>
          <Panel id="p-graph" defaultSize="64" minSize={120} className="pane pane-center">
            <main className="pane-fill">{graph}</main>
          </Panel>
          <Handle vertical />
          <Panel id="p-runs" defaultSize="36" minSize={80} className="pane pane-bottom">
            <section className="pane-fill" aria-label="Runs and trace">{runs}</section>
          </Panel>
        </Group>
      </Panel>
      <Handle />
      <Panel id="p-right" defaultSize="32" minSize={280}>
        <Group orientation="vertical" id="g-right" defaultLayout={right.defaultLayout} onLayoutChanged={right.onLayoutChanged}>
          <Panel id="p-actions" defaultSize="45" minSize={120} className="pane pane-actions">
            <section className="pane-fill" aria-label="Run, resume and fork">{actions}</section>
          </Panel>
          <Handle vertical />
          <Panel id="p-inspector" defaultSize="55" minSize={120} className="pane pane-right">
            <aside className="pane-fill" aria-label="Checkpoint inspector">{inspector}</aside>
          </Panel>
        </Group>
      </Panel>
    </Group>
  );
}
