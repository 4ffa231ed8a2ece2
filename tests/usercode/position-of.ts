/** 1-based line and column of the `nth` occurrence (0 = first) of `needle` in `source`. */
export function positionOf(source: string, needle: string, nth = 0): { line: number; column: number } {
  let index = -1;
  for (let i = 0; i <= nth; i++) index = source.indexOf(needle, index + 1);
  if (index < 0) throw new Error(`"${needle}" not in source`);
  const before = source.slice(0, index);
  return { line: before.split('\n').length, column: index - before.lastIndexOf('\n') };
}
