/**
 * A loop of slow steps (`delayMs` each, `rounds` times) to page through, cancel or cut mid-run.
 * The sleep ends early when the run is cancelled (the node's abort signal).
 */
import * as langgraph from '@langchain/langgraph';
import type { GraphApi } from './api';

interface S {
  delayMs?: number;
  rounds?: number;
  ticks: number[];
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason ?? new Error('aborted'));
    }, { once: true });
  });

export function build(lg: GraphApi) {
  const State = lg.Annotation.Root({
    delayMs: lg.Annotation(),
    rounds: lg.Annotation(),
    ticks: lg.Annotation({ reducer: (a: number[], b: number[]) => a.concat(b), default: () => [] }),
  });
  return new lg.StateGraph(State)
    .addNode('tick', async (s: S, config: { signal?: AbortSignal }) => {
      if (s.delayMs) await sleep(s.delayMs, config.signal);
      return { ticks: [s.ticks.length + 1] };
    })
    .addEdge(lg.START, 'tick')
    .addConditionalEdges('tick', (s: S) => (s.ticks.length >= (s.rounds ?? 3) ? lg.END : 'tick'), ['tick', lg.END])
    .compile();
}

export const graph = build(langgraph);
