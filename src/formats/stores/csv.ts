/**
 * CSV as psql's `\copy … WITH (FORMAT csv, HEADER)` writes it (RFC 4180): fields separated by
 * commas, quoted with `"` when needed (`""` inside quotes is a quote), rows ending in LF or CRLF.
 * psql writes SQL NULL as an empty unquoted field and the empty string as `""`; the parser keeps
 * the difference (`null` against `''`).
 */

/** The rows of a CSV file with a header line, as objects keyed by column name. */
export interface CsvTable {
  columns: string[];
  rows: Record<string, string | null>[];
}

/**
 * Parses `text`.
 * @throws on an unterminated quoted field or a row with the wrong number of fields
 */
export function parseCsv(text: string): CsvTable {
  const records: (string | null)[][] = [];
  let row: (string | null)[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    let field: string | null;
    if (text[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) throw new Error(`an unterminated quoted field in row ${records.length + 1}`);
        value += text.slice(i, q);
        if (text[q + 1] === '"') {
          value += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      field = value;
    } else {
      let end = i;
      while (end < n && text[end] !== ',' && text[end] !== '\n' && text[end] !== '\r') end++;
      field = end === i ? null : text.slice(i, end);
      i = end;
    }
    row.push(field);
    if (text[i] === ',') {
      i++;
      if (i === n) row.push(null);
      continue;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    records.push(row);
    row = [];
  }
  if (row.length) records.push(row);
  const [header, ...body] = records;
  if (!header) return { columns: [], rows: [] };
  const columns = header.map((c) => c ?? '');
  const rows = body.map((r, k) => {
    if (r.length !== columns.length) throw new Error(`row ${k + 2} has ${r.length} fields, the header ${columns.length}`);
    const out: Record<string, string | null> = {};
    columns.forEach((c, j) => Object.defineProperty(out, c, { value: r[j] ?? null, enumerable: true, writable: true, configurable: true }));
    return out;
  });
  return { columns, rows };
}
