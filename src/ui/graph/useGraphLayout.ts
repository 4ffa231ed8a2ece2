import { useEffect, useState } from 'react';
import type { GraphShape } from '../../protocol/dto';
import { layoutGraph, type Layout } from './elk-layout';

/** A finished layout, or the error the layout engine raised. */
export type GraphLayoutState = Layout & { error: string | null; shape: GraphShape | null };

const EMPTY: GraphLayoutState = { nodes: [], edges: [], width: 0, height: 0, error: null, shape: null };

/** Lays out `shape` (async); a newer shape or expansion drops the answer for an older one. */
export function useGraphLayout(shape: GraphShape | null, expanded: readonly string[]): GraphLayoutState {
  const [state, setState] = useState<GraphLayoutState>(EMPTY);
  const key = expanded.join('\u0000');
  useEffect(() => {
    if (shape === null) {
      setState(EMPTY);
      return;
    }
    let live = true;
    layoutGraph(shape, key === '' ? [] : key.split('\u0000')).then(
      (r) => live && setState({ ...r, error: null, shape }),
      (e: unknown) => live && setState({ ...EMPTY, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [shape, key]);
  return state;
}
