/**
 * Which edges of a graph close a cycle (agent ⇄ tools, a router looping back, a node calling
 * itself). They are found by a depth-first walk from `__start__` (then from any node not reached),
 * taking nodes and edges in the drawing's order, the order the layout also breaks cycles by: an
 * edge to a node still on the walk's path is a back edge. They are drawn apart from the main path,
 * which then reads from top to bottom.
 */
import type { GraphShape } from '../../protocol/dto';

/** Indices (into `shape.edges`) of the back edges of `shape`. */
export function backEdges(shape: GraphShape): Set<number> {
  const out = new Map<string, number[]>();
  shape.edges.forEach((e, i) => {
    const list = out.get(e.source);
    if (list) list.push(i);
    else out.set(e.source, [i]);
  });
  const back = new Set<number>();
  const state = new Map<string, 'open' | 'done'>();
  const walk = (start: string) => {
    // Iterative, so a long chain cannot overflow the stack: each frame is a node and its next edge.
    const stack: [string, number][] = [[start, 0]];
    state.set(start, 'open');
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const edges = out.get(frame[0]) ?? [];
      if (frame[1] >= edges.length) {
        state.set(frame[0], 'done');
        stack.pop();
        continue;
      }
      const i = edges[frame[1]++]!;
      const target = shape.edges[i]!.target;
      const seen = state.get(target);
      if (seen === 'open') back.add(i);
      else if (seen === undefined) {
        state.set(target, 'open');
        stack.push([target, 0]);
      }
    }
  };
  const ids = shape.nodes.map((n) => n.id);
  for (const id of ids.includes('__start__') ? ['__start__', ...ids] : ids) if (!state.has(id)) walk(id);
  return back;
}
