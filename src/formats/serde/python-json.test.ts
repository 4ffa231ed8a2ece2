import { describe, expect, it } from 'vitest';
import { parsePythonJson } from './python-json';

describe('parsePythonJson', () => {
  it('reads Python json.dumps NaN / Infinity / -Infinity as numbers, never inside strings', () => {
    expect(parsePythonJson('{"a": NaN, "b": [Infinity, -Infinity], "c": "NaN and Infinity"}')).toEqual({ a: Number.NaN, b: [Infinity, -Infinity], c: 'NaN and Infinity' });
    expect(parsePythonJson('{"s": "x\\"NaN"}')).toEqual({ s: 'x"NaN' });
  });
  it('still refuses what is not JSON', () => {
    expect(() => parsePythonJson('{"a": NaNa}')).toThrow(SyntaxError);
    expect(() => parsePythonJson('{"a": nan}')).toThrow(SyntaxError);
  });
});
