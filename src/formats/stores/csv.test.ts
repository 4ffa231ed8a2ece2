/** CSV as psql writes it: NULL is an empty unquoted field, the empty string is `""`. */
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and newlines, CRLF rows and NULLs', () => {
    const text = 'a,b,c\r\n1,"x, ""y""\nz",\r\n"",plain,"\\x00ff"\n';
    expect(parseCsv(text)).toEqual({
      columns: ['a', 'b', 'c'],
      rows: [
        { a: '1', b: 'x, "y"\nz', c: null },
        { a: '', b: 'plain', c: '\\x00ff' },
      ],
    });
  });

  it('keeps a __proto__ column an own property, and refuses ragged rows and open quotes', () => {
    const { rows } = parseCsv('__proto__,b\n1,2\n');
    expect(Object.hasOwn(rows[0]!, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    expect(() => parseCsv('a,b\n1,2,3\n')).toThrow('row 2 has 3 fields, the header 2');
    expect(() => parseCsv('a\n"open\n')).toThrow(/unterminated quoted field/);
  });
});
