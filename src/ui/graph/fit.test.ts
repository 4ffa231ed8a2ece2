import { describe, expect, it } from 'vitest';
import { CANVAS_INSETS, fitViewport, MAX_FIT_ZOOM } from './fit';

const onScreen = (v: { x: number; y: number; zoom: number }, p: { x: number; y: number }) => ({ x: v.x + p.x * v.zoom, y: v.y + p.y * v.zoom });

describe('fitViewport', () => {
  it('fits a tall drawing into the pane, clear of the controls column on the left', () => {
    const pane = { width: 600, height: 400 };
    const drawing = { width: 300, height: 900 };
    const v = fitViewport(pane, drawing);
    const topLeft = onScreen(v, { x: 0, y: 0 });
    const bottomRight = onScreen(v, { x: drawing.width, y: drawing.height });
    expect(topLeft.x).toBeGreaterThanOrEqual(CANVAS_INSETS.left);
    expect(topLeft.y).toBeCloseTo(CANVAS_INSETS.top);
    expect(bottomRight.y).toBeCloseTo(pane.height - CANVAS_INSETS.bottom);
    expect(bottomRight.x).toBeLessThanOrEqual(pane.width - CANVAS_INSETS.right);
  });

  it('fits a wide drawing by its width, and never zooms a small one past the cap', () => {
    const wide = fitViewport({ width: 500, height: 500 }, { width: 2000, height: 100 });
    expect(onScreen(wide, { x: 0, y: 0 }).x).toBeCloseTo(CANVAS_INSETS.left);
    expect(onScreen(wide, { x: 2000, y: 0 }).x).toBeCloseTo(500 - CANVAS_INSETS.right);
    expect(fitViewport({ width: 2000, height: 2000 }, { width: 100, height: 100 }).zoom).toBe(MAX_FIT_ZOOM);
  });

  it('an empty drawing gets the identity zoom', () => {
    expect(fitViewport({ width: 100, height: 100 }, { width: 0, height: 0 }).zoom).toBe(1);
  });
});
