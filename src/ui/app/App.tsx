import { Background, Controls, ReactFlow, type Edge, type Node } from '@xyflow/react';
import { useWorkerHello } from './useWorkerHello';

const nodes: Node[] = [
  { id: '__start__', position: { x: 0, y: 0 }, data: { label: '__start__' }, type: 'input' },
  { id: 'engine', position: { x: 0, y: 100 }, data: { label: 'engine worker' } },
  { id: '__end__', position: { x: 0, y: 200 }, data: { label: '__end__' }, type: 'output' },
];
const edges: Edge[] = [
  { id: 'a', source: '__start__', target: 'engine' },
  { id: 'b', source: 'engine', target: '__end__' },
];

/** The application shell. */
export function App() {
  const hello = useWorkerHello();
  return (
    <div className="app">
      <header className="app-header">
        <h1>replaygraph</h1>
        <span data-testid="worker-status" data-status={hello.status} className={`status status-${hello.status}`}>
          {hello.status === 'connecting' && 'Connecting to the engine worker…'}
          {hello.status === 'ready' && `Engine worker ready (protocol v${hello.protocolVersion}, database ${hello.dbName} v${hello.dbVersion})`}
          {hello.status === 'failed' && `Engine worker failed: ${hello.message}`}
        </span>
      </header>
      <main className="app-canvas" data-testid="graph-canvas">
        <ReactFlow nodes={nodes} edges={edges} fitView proOptions={{ hideAttribution: true }}>
          <Background />
          <Controls />
        </ReactFlow>
      </main>
    </div>
  );
}
