import { BaseEdge, getStraightPath, type Edge, type EdgeProps } from '@xyflow/react';
import { memo } from 'react';
import type { Box, Point } from './elk-layout';

/** What a drawn edge carries: ELK's route and label box (see elk-layout.ts). */
export type RoutedEdgeData = {
  points?: Point[];
  labelBox?: Box;
  text?: string;
  back: boolean;
};

/** SVG path through `points`, with the corners rounded so crossing routes stay tellable apart. */
export function routePath(points: readonly Point[], radius = 8): string {
  let d = `M ${points[0]!.x} ${points[0]!.y}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [p, c, n] = [points[i - 1]!, points[i]!, points[i + 1]!];
    const r = Math.min(radius, Math.hypot(c.x - p.x, c.y - p.y) / 2, Math.hypot(n.x - c.x, n.y - c.y) / 2);
    const towards = (a: Point, b: Point) => {
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      return { x: a.x + ((b.x - a.x) / len) * r, y: a.y + ((b.y - a.y) / len) * r };
    };
    const before = towards(c, p);
    const after = towards(c, n);
    d += ` L ${before.x} ${before.y} Q ${c.x} ${c.y} ${after.x} ${after.y}`;
  }
  const last = points[points.length - 1]!;
  return `${d} L ${last.x} ${last.y}`;
}

const LABEL_STYLE = { fill: 'var(--fg)', fontSize: 11 };
const LABEL_BG = { fill: 'var(--bg)', stroke: 'var(--border)' };

/** An edge drawn along ELK's route, its label at the place ELK kept free for it. */
function RoutedEdgeView({ id, sourceX, sourceY, targetX, targetY, data, markerEnd, style }: EdgeProps<Edge<RoutedEdgeData>>) {
  const points = data?.points && data.points.length >= 2 ? data.points : undefined;
  const [straight, midX, midY] = getStraightPath({ sourceX, sourceY, targetX, targetY });
  const path = points ? routePath(points) : straight;
  const box = data?.labelBox;
  const center = box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : { x: midX, y: midY };
  // Drawn in the edge's own SVG group (under the nodes, which ELK kept it clear of), on a plate so a crossing line cannot hide it.
  return (
    <BaseEdge
      id={id}
      path={path}
      markerEnd={markerEnd}
      style={style}
      label={data?.text}
      labelX={center.x}
      labelY={center.y}
      labelShowBg
      labelStyle={LABEL_STYLE}
      labelBgStyle={LABEL_BG}
      labelBgPadding={[4, 2]}
      labelBgBorderRadius={3}
    />
  );
}

/** Memoized: an edge re-renders only when its own props change. */
export const RoutedEdge = memo(RoutedEdgeView);
