import { describe, expect, it } from 'vitest';
import { jsonText } from './json-text';

describe('jsonText', () => {
  it('shows values as JSON text and shortens long ones', () => {
    expect(jsonText('<b>x</b>')).toBe('"<b>x</b>"');
    expect(jsonText('x'.repeat(500), 10)).toHaveLength(10);
  });
});
