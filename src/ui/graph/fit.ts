/**
 * Where to put the viewport so the whole drawing (nodes, edge routes and labels: ELK's size of
 * it, not React Flow's node bounds, which leave out edges routed around the nodes) fits the pane,
 * with a margin on each side. The left margin is wider: the zoom controls sit in the pane's
 * bottom-left corner, and at the fitted view nothing of the drawing is under them.
 */

/** The room kept free on each side of the pane, in screen pixels. */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** React Flow's `<Controls>` are 26 px wide, 15 px from the edge: keep a column free for them. */
export const CANVAS_INSETS: Insets = { top: 16, right: 16, bottom: 16, left: 56 };
/** The fitted zoom never exceeds this (a small graph is not blown up) nor falls below `MIN_ZOOM`. */
export const MAX_FIT_ZOOM = 1.25;
export const MIN_ZOOM = 0.1;

/** The viewport (`x`, `y` translate, `zoom`) that fits a `drawing`-sized graph into a `pane`-sized box. */
export function fitViewport(pane: { width: number; height: number }, drawing: { width: number; height: number }, insets: Insets = CANVAS_INSETS): { x: number; y: number; zoom: number } {
  const roomW = Math.max(1, pane.width - insets.left - insets.right);
  const roomH = Math.max(1, pane.height - insets.top - insets.bottom);
  if (drawing.width <= 0 || drawing.height <= 0) return { x: insets.left, y: insets.top, zoom: 1 };
  const zoom = Math.max(MIN_ZOOM, Math.min(MAX_FIT_ZOOM, roomW / drawing.width, roomH / drawing.height));
  return { x: insets.left + (roomW - drawing.width * zoom) / 2, y: insets.top + (roomH - drawing.height * zoom) / 2, zoom };
}
