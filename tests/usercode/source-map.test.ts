import { describe, expect, it } from 'vitest';
import { decodeMappings, decodeVlqFields, toSourcePosition } from '../../src/sandbox/usercode/source-map';
import { findFrame } from '../../src/sandbox/usercode/stack';

describe('base64 VLQ', () => {
  it.each([
    ['AAAA', [0, 0, 0, 0]],
    ['C', [1]],
    ['D', [-1]],
    ['gB', [16]],
    ['hB', [-16]],
    ['2HktC', [123, 1234]],
  ])('decodes %s', (text, expected) => {
    expect(decodeVlqFields(text)).toEqual(expected);
  });

  it('rejects characters outside base64', () => {
    expect(() => decodeVlqFields('A!')).toThrow(/Invalid base64-VLQ/);
  });
});

describe('mappings', () => {
  // line 0: gen 0 → src (0,0); gen 6 → src (0,10). line 1: empty. line 2: gen 2 → src (2,4)
  const map = decodeMappings('AAAA,MAAU;;EAEN');

  it('decodes segments with carried source positions', () => {
    expect(map[0]).toEqual([
      { generatedColumn: 0, sourceLine: 0, sourceColumn: 0 },
      { generatedColumn: 6, sourceLine: 0, sourceColumn: 10 },
    ]);
    expect(map[1]).toEqual([]);
    expect(map[2]).toEqual([{ generatedColumn: 2, sourceLine: 2, sourceColumn: 4 }]);
  });

  it('maps columns through the nearest segment, keeping the offset inside a token', () => {
    expect(toSourcePosition(map, 1, 3)).toEqual({ line: 1, column: 3 });
    expect(toSourcePosition(map, 1, 7)).toEqual({ line: 1, column: 11 });
    expect(toSourcePosition(map, 1, 9)).toEqual({ line: 1, column: 13 });
    expect(toSourcePosition(map, 2, 5)).toEqual({ line: 2, column: 5 });
    expect(toSourcePosition(map, 3, 1)).toEqual({ line: 3, column: 1 });
    expect(toSourcePosition(map, 3, 4)).toEqual({ line: 3, column: 6 });
  });
});

describe('stack frames', () => {
  it('reads V8 and SpiderMonkey frames naming the file, innermost first', () => {
    const v8 = 'Error: x\n    at node (user-graph.ts:12:9)\n    at run (engine.js:1:1)\n    at user-graph.ts:40:2';
    expect(findFrame(v8, 'user-graph.ts')).toEqual({ line: 12, column: 9 });
    const sm = 'node@user-graph.ts:7:3\nrun@http://localhost/engine.js:1:1';
    expect(findFrame(sm, 'user-graph.ts')).toEqual({ line: 7, column: 3 });
  });

  it('does not match a file whose name merely ends the same way', () => {
    expect(findFrame('    at f (my-user-graph.ts:3:3)', 'user-graph.ts')).toBeUndefined();
  });
});
