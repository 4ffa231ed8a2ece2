/**
 * `console.log` arguments as text, shaped as Node prints them for the common cases (`util.format`
 * and a one-line `util.inspect`): strings as they are, `%s` / `%d` / `%i` / `%f` / `%j` / `%o` /
 * `%O` / `%%` in a leading string, other values inspected (`{ a: 1, b: 'x' }`, `[ 1, 2 ]`, nested
 * objects past depth 2 as `[Object]`, class instances with their name, errors as their stack).
 * Node breaks long inspections over several lines; this never does (a known difference).
 */

const MAX_DEPTH = 2;
const IDENT = /^[A-Za-z_$][\w$]*$/;

const quote = (s: string) => (s.includes("'") && !s.includes('"') ? `"${s}"` : `'${s.replace(/'/g, "\\'")}'`);
const keyText = (k: string) => (IDENT.test(k) ? k : quote(k));

function className(value: object): string | null {
  const proto = Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null;
  if (proto === null) return '[Object: null prototype]';
  const name = proto.constructor?.name;
  return typeof name === 'string' && name !== 'Object' ? name : null;
}

/** One value as Node's `util.inspect` prints it on one line. */
export function inspectValue(value: unknown, depth = 0, seen: Set<object> = new Set()): string {
  switch (typeof value) {
    case 'string': return quote(value);
    case 'number': return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint': return `${value}n`;
    case 'boolean': case 'undefined': return String(value);
    case 'symbol': return value.toString();
    case 'function': {
      const name = value.name;
      const kind = /^class\s/.test(Function.prototype.toString.call(value)) ? 'class' : 'Function';
      return kind === 'class' ? `[class ${name || '(anonymous)'}]` : name ? `[Function: ${name}]` : '[Function (anonymous)]';
    }
  }
  if (value === null) return 'null';
  const obj = value as object;
  if (obj instanceof Error) return obj.stack ?? `${obj.name}: ${obj.message}`;
  if (obj instanceof Date) return Number.isNaN(obj.getTime()) ? 'Invalid Date' : obj.toISOString();
  if (obj instanceof RegExp) return String(obj);
  if (seen.has(obj)) return '[Circular *1]';
  const name = className(obj);
  if (Array.isArray(obj)) {
    if (depth > MAX_DEPTH) return '[Array]';
    if (obj.length === 0) return '[]';
    seen.add(obj);
    const items = obj.slice(0, 100).map((v) => inspectValue(v, depth + 1, seen));
    if (obj.length > 100) items.push(`... ${obj.length - 100} more items`);
    seen.delete(obj);
    return `[ ${items.join(', ')} ]`;
  }
  if (obj instanceof Map || obj instanceof Set) {
    const label = `${obj instanceof Map ? 'Map' : 'Set'}(${obj.size})`;
    if (depth > MAX_DEPTH) return `[${obj instanceof Map ? 'Map' : 'Set'}]`;
    if (obj.size === 0) return `${label} {}`;
    seen.add(obj);
    const parts = obj instanceof Map
      ? [...obj].map(([k, v]) => `${inspectValue(k, depth + 1, seen)} => ${inspectValue(v, depth + 1, seen)}`)
      : [...obj].map((v) => inspectValue(v, depth + 1, seen));
    seen.delete(obj);
    return `${label} { ${parts.join(', ')} }`;
  }
  const keys = Object.keys(obj);
  const prefix = name ? `${name} ` : '';
  if (depth > MAX_DEPTH) return name ? `[${name}]` : '[Object]';
  if (keys.length === 0) return `${prefix}{}`;
  seen.add(obj);
  const parts = keys.map((k) => `${keyText(k)}: ${inspectValue((obj as Record<string, unknown>)[k], depth + 1, seen)}`);
  seen.delete(obj);
  return `${prefix}{ ${parts.join(', ')} }`;
}

/** `util.format(...args)`: a leading string's placeholders take the next arguments, the rest are inspected and joined with spaces. */
export function formatConsoleArgs(args: readonly unknown[]): string {
  if (args.length === 0) return '';
  const [first, ...rest] = args;
  let text: string;
  let next = 0;
  if (typeof first === 'string') {
    text = first.replace(/%[sdifjoOc%]/g, (token) => {
      if (token === '%%') return '%';
      if (next >= rest.length) return token;
      const arg = rest[next++];
      switch (token) {
        case '%s': return typeof arg === 'string' ? arg : typeof arg === 'object' && arg !== null ? inspectValue(arg, 1) : String(arg);
        case '%d': case '%i': return typeof arg === 'object' ? 'NaN' : String(token === '%i' ? Math.trunc(Number(arg)) : Number(arg));
        case '%f': return String(Number(arg));
        case '%j': try { return JSON.stringify(arg); } catch { return '[Circular]'; }
        case '%c': return '';
        default: return inspectValue(arg);
      }
    });
  } else {
    text = inspectValue(first);
  }
  for (const arg of rest.slice(next)) text += ` ${typeof arg === 'string' ? arg : inspectValue(arg)}`;
  return text;
}
