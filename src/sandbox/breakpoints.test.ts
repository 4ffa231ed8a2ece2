import { describe, expect, it } from 'vitest';
import { withCompiled } from './breakpoints';

describe("a run's breakpoints", () => {
  it("adds the debugger's to the compiled ones; '*' stays every node", () => {
    expect(withCompiled(['b'], ['c'])).toEqual(['b', 'c']);
    expect(withCompiled(['b'], ['b'])).toEqual(['b']);
    expect(withCompiled(undefined, ['c'])).toEqual(['c']);
    expect(withCompiled(['b'], undefined)).toEqual(['b']);
    expect(withCompiled('*', ['c'])).toBe('*');
    expect(withCompiled(undefined, [])).toBeUndefined();
    expect(withCompiled([], undefined)).toBeUndefined();
  });
});
