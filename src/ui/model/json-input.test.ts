import { describe, expect, it } from 'vitest';
import { parseJsonInput, parseJsonObject } from './json-input';

describe('JSON fields', () => {
  it('parses any JSON value', () => {
    expect(parseJsonInput(' null ')).toEqual({ ok: true, value: null });
    expect(parseJsonInput('{"a":[1]}')).toEqual({ ok: true, value: { a: [1] } });
  });
  it('explains bad or empty input', () => {
    const bad = parseJsonInput('{a:1}');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^Not valid JSON/);
    expect(parseJsonInput('   ').ok).toBe(false);
  });
  it('requires an object for state values', () => {
    expect(parseJsonObject('[1]').ok).toBe(false);
    expect(parseJsonObject('{"x":1}')).toEqual({ ok: true, value: { x: 1 } });
  });
});
