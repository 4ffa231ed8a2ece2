/**
 * JSON as Python's `json.dumps` writes it: by default it lets `NaN`, `Infinity` and `-Infinity`
 * through as bare words, which `JSON.parse` refuses (a real app's metadata held a float NaN).
 * They are read as the JavaScript numbers Python meant.
 */

const MARK = '\u0000py:';
const WORDS: Readonly<Record<string, number>> = { NaN: Number.NaN, Infinity: Number.POSITIVE_INFINITY, '-Infinity': Number.NEGATIVE_INFINITY };

/** `text` with the bare words outside strings replaced by marked strings. */
function markBareWords(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      out += ch;
      if (ch === '\\') out += text[++i] ?? '';
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
      continue;
    }
    const word = text.startsWith('-Infinity', i) ? '-Infinity' : text.startsWith('Infinity', i) ? 'Infinity' : text.startsWith('NaN', i) ? 'NaN' : undefined;
    if (word) {
      out += JSON.stringify(MARK + word);
      i += word.length - 1;
    } else out += ch;
  }
  return out;
}

/**
 * `JSON.parse`, and when it fails, again with Python's `NaN` / `Infinity` / `-Infinity` read as
 * numbers. @throws SyntaxError as `JSON.parse` when the text is not JSON either way
 */
export function parsePythonJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    if (!/NaN|Infinity/.test(text)) throw err;
    const marked = markBareWords(text);
    if (marked === text) throw err;
    return JSON.parse(marked, (_key, value: unknown) => (typeof value === 'string' && value.startsWith(MARK) && Object.hasOwn(WORDS, value.slice(MARK.length)) ? WORDS[value.slice(MARK.length)] : value));
  }
}
