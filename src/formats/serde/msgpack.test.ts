/**
 * Python msgpack blobs, built here byte for byte as LangGraph's `_msgpack_default` lays them out
 * (an extension whose data is the msgpack of `[module, name, payload(, method)]`), decoded through
 * `decodeTyped` as a saver row would be.
 */
import { encode, ExtData } from '@msgpack/msgpack';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../options';
import { decodeTyped } from './typed';

/** An extension as LangGraph writes it. */
const ext = (code: number, tuple: unknown[]) => new ExtData(code, encode(tuple, { extensionCodec: undefined }));
const blob = (value: unknown) => ({ type: 'msgpack', bytes: encode(value) });
const decode = (value: unknown, limits = DEFAULT_LIMITS) => decodeTyped(blob(value), limits);

describe('Python msgpack extension codes', () => {
  it('0: one-argument constructors (UUID, Decimal, sets, deque, IP, ZoneInfo)', () => {
    expect(decode(ext(0, ['uuid', 'UUID', '12345678123456781234567812345678']))).toEqual({ $type: 'uuid', value: '12345678-1234-5678-1234-567812345678' });
    expect(decode(ext(0, ['decimal', 'Decimal', '1.50']))).toEqual({ $type: 'decimal', value: '1.50' });
    expect(decode(ext(0, ['builtins', 'set', ['a', 'b']]))).toEqual({ $type: 'set', kind: 'set', items: ['a', 'b'] });
    expect(decode(ext(0, ['builtins', 'frozenset', [1]]))).toEqual({ $type: 'set', kind: 'frozenset', items: [1] });
    expect(decode(ext(0, ['collections', 'deque', [1, 2]]))).toEqual({ $type: 'set', kind: 'deque', items: [1, 2] });
    expect(decode(ext(0, ['ipaddress', 'IPv4Address', '10.0.0.1']))).toEqual({ $type: 'ip', value: '10.0.0.1', class: 'IPv4Address' });
    expect(decode(ext(0, ['zoneinfo', 'ZoneInfo', 'Europe/Paris']))).toEqual({ $type: 'zoneinfo', value: 'Europe/Paris' });
  });

  it('0: an unknown class (an Enum, say) is shown by name with its argument', () => {
    expect(decode(ext(0, ['shop.models', 'Status', 'paid']))).toEqual({ $type: 'object', module: 'shop.models', name: 'Status', kind: 'constructor', args: ['paid'] });
  });

  it('1: positional constructors (Send, Path, re.compile, date, timedelta, timezone)', () => {
    expect(decode(ext(1, ['langgraph.types', 'Send', ['worker', { item: 1 }]]))).toEqual({ lg_name: 'Send', node: 'worker', args: { item: 1 } });
    expect(decode(ext(1, ['langgraph.types', 'Send', ['worker', 1, 30]]))).toEqual({ lg_name: 'Send', node: 'worker', args: 1, timeout: 30 });
    expect(decode(ext(1, ['pathlib', 'PosixPath', ['/', 'srv', 'a.txt']]))).toEqual({ $type: 'path', value: '/srv/a.txt', class: 'PosixPath' });
    expect(decode(ext(1, ['pathlib', 'WindowsPath', ['C:\\', 'Users', 'x']]))).toEqual({ $type: 'path', value: 'C:\\Users\\x', class: 'WindowsPath' });
    expect(decode(ext(1, ['re', 'compile', ['^a+$', 34]]))).toEqual({ $type: 'regexp', value: '^a+$', flags: 34 });
    expect(decode(ext(1, ['datetime', 'date', [2026, 5, 4]]))).toEqual({ $type: 'date', value: '2026-05-04' });
    expect(decode(ext(1, ['datetime', 'timedelta', [1, 30, 500000]]))).toEqual({ $type: 'timedelta', value: 86430.5, days: 1, seconds: 30, microseconds: 500000 });
    const offset = ext(1, ['datetime', 'timedelta', [-1, 81000, 0]]);
    expect(decode(ext(1, ['datetime', 'timezone', [offset, 'EST']]))).toEqual({ $type: 'timezone', value: -5400, text: '-01:30', name: 'EST' });
  });

  it('2: keyword constructors (Interrupt, Command, time, dataclasses, namedtuples)', () => {
    expect(decode(ext(2, ['langgraph.types', 'Interrupt', { value: { q: 'ok?' }, id: 'abc' }]))).toEqual({ value: { q: 'ok?' }, id: 'abc' });
    // LangGraph before 0.4: value, resumable, ns, when (and no id).
    expect(decode(ext(2, ['langgraph.types', 'Interrupt', { value: 1, resumable: true, ns: ['n:1'], when: 'during' }]))).toEqual({ value: 1, resumable: true, ns: ['n:1'], when: 'during' });
    expect(decode(ext(2, ['langgraph.types', 'Command', { graph: null, update: { a: 1 }, resume: 'yes', goto: ['x'] }]))).toEqual({ lg_name: 'Command', update: { a: 1 }, resume: 'yes', goto: ['x'] });
    const tz = ext(1, ['datetime', 'timezone', [ext(1, ['datetime', 'timedelta', [0, 7200, 0]])]]);
    expect(decode(ext(2, ['datetime', 'time', { hour: 7, minute: 5, second: 9, microsecond: 1500, tzinfo: tz, fold: 0 }]))).toEqual({ $type: 'time', value: '07:05:09.001500+02:00' });
    expect(decode(ext(2, ['app', 'Point', { x: 1, y: 2 }]))).toEqual({ $type: 'object', module: 'app', name: 'Point', kind: 'fields', fields: { x: 1, y: 2 } });
  });

  it('3: datetime.fromisoformat', () => {
    expect(decode(ext(3, ['datetime', 'datetime', '2026-05-04T12:30:15.250000+00:00', 'fromisoformat']))).toEqual({ $type: 'datetime', value: '2026-05-04T12:30:15.250000+00:00' });
  });

  it('4 and 5: pydantic models; LangChain messages become chat messages', () => {
    const fields = { content: 'Hi', additional_kwargs: {}, response_metadata: {}, type: 'human', name: null, id: 'h1', example: false };
    expect(decode(ext(5, ['langchain_core.messages.human', 'HumanMessage', fields, 'model_validate_json']))).toEqual({
      $type: 'message', type: 'human', class: 'HumanMessage', content: 'Hi', additional_kwargs: {}, response_metadata: {}, id: 'h1',
    });
    const ai = { content: '', type: 'AIMessageChunk', tool_calls: [{ name: 'f', args: {}, id: 'c1', type: 'tool_call' }], id: 'a1' };
    expect(decode(ext(5, ['langchain_core.messages.ai', 'AIMessageChunk', ai, 'model_validate_json']))).toMatchObject({ $type: 'message', type: 'ai', class: 'AIMessageChunk', tool_calls: ai.tool_calls });
    expect(decode(ext(4, ['app', 'Profile', { name: 'Ada' }]))).toEqual({ $type: 'object', module: 'app', name: 'Profile', kind: 'pydantic_v1', fields: { name: 'Ada' } });
    expect(decode(ext(5, ['app', 'Settings', { theme: 'dark' }, 'model_validate_json']))).toEqual({ $type: 'object', module: 'app', name: 'Settings', kind: 'pydantic', fields: { theme: 'dark' } });
  });

  it('6: numpy arrays are a placeholder with dtype and shape', () => {
    const buf = new Uint8Array(48);
    expect(decode(new ExtData(6, encode(['<f8', [2, 3], 'C', buf])))).toEqual({ $type: 'ndarray', dtype: '<f8', shape: [2, 3], order: 'C', length: 48 });
  });

  it('7: delta snapshots wrap the value', () => {
    expect(decode(new ExtData(7, encode(['a', 'b'])))).toEqual({ $type: 'delta-snapshot', value: ['a', 'b'] });
  });

  it('extensions nest (a dataclass of UUIDs inside a list)', () => {
    const id = ext(0, ['uuid', 'UUID', '0'.repeat(31) + '7']);
    expect(decode([ext(2, ['app', 'Order', { id, items: [id] }])])).toEqual([
      { $type: 'object', module: 'app', name: 'Order', kind: 'fields', fields: { id: { $type: 'uuid', value: '00000000-0000-0000-0000-000000000007' }, items: [{ $type: 'uuid', value: '00000000-0000-0000-0000-000000000007' }] } },
    ]);
  });

  it('bin values become bytes; non-string keys become strings; user `$type` keys are escaped', () => {
    expect(decode(new Uint8Array([1, 2, 3]))).toEqual({ $type: 'bytes', length: 3, base64: 'AQID', truncated: false });
    expect(decode(new Uint8Array(10), { ...DEFAULT_LIMITS, maxBytesKept: 4 })).toEqual({ $type: 'bytes', length: 10, base64: 'AAAAAA==', truncated: true });
    expect(decode({ $type: 'mine', a: 1 })).toEqual({ $type: 'dict', value: { $type: 'mine', a: 1 } });
  });
});

describe('hostile msgpack', () => {
  it('an unknown extension is an opaque value inside its container', () => {
    expect(decode({ x: new ExtData(42, new Uint8Array([63, 63])) })).toEqual({ x: { $type: 'opaque', type: 'ext:42', length: 2, preview: '??', reason: 'unknown msgpack extension type 42' } });
  });

  it('an extension whose payload cannot be decoded is shown with its code and class; the rest of the blob is kept', () => {
    // A pydantic model whose dump has a key the decoder refuses (`__proto__`).
    const head = encode(['app.models', 'Report']);
    const payload = new Uint8Array([0x93, ...head.subarray(1), 0x81, 0xa9, ...new TextEncoder().encode('__proto__'), 0x01]);
    const v = decode({ report: new ExtData(5, payload), ok: 1 }) as Record<string, Record<string, unknown>>;
    expect(v.ok).toBe(1);
    expect(v.report).toMatchObject({ $type: 'opaque', type: 'ext:5', reason: expect.stringMatching(/^undecodable msgpack ext 5: app\.models\.Report \(/) });
  });

  it('an extension whose payload is not [module, name, …] is opaque, not a crash', () => {
    const v = decode(new ExtData(0, encode(42))) as { $type: string };
    expect(v.$type).toBe('opaque');
  });

  it('a declared length larger than the blob is refused before allocation', () => {
    // array32 of 4 294 967 295 elements, then nothing.
    const v = decodeTyped({ type: 'msgpack', bytes: new Uint8Array([0xdd, 0xff, 0xff, 0xff, 0xff]) }, DEFAULT_LIMITS) as { $type: string; reason: string };
    expect(v.$type).toBe('opaque');
    expect(v.reason).toMatch(/more items than the blob holds/);
    const str = decodeTyped({ type: 'msgpack', bytes: new Uint8Array([0xdb, 0x7f, 0xff, 0xff, 0xff, 0x41]) }, DEFAULT_LIMITS) as { $type: string };
    expect(str.$type).toBe('opaque');
  });

  it('deep nesting is refused at maxDepth (arrays, and extensions inside extensions)', () => {
    const deep = new Uint8Array(100_000).fill(0x91); // [[[[…
    const a = decodeTyped({ type: 'msgpack', bytes: new Uint8Array([...deep, 0xc0]) }, DEFAULT_LIMITS) as { $type: string; reason: string };
    expect(a).toMatchObject({ $type: 'opaque', reason: expect.stringMatching(/deeper than 512/) });
    let nested: unknown = 1;
    for (let i = 0; i < 600; i++) nested = new ExtData(7, encode(nested));
    expect(decode(nested)).toMatchObject({ $type: 'opaque', reason: expect.stringMatching(/deeper than 512/) });
  });

  it('a __proto__ key never reaches a prototype', () => {
    // fixmap { "__proto__": { "polluted": true } }
    const bytes = encode({ a: 1 });
    const hostile = new Uint8Array([0x81, 0xa9, ...new TextEncoder().encode('__proto__'), 0x81, 0xa8, ...new TextEncoder().encode('polluted'), 0xc3]);
    const v = decodeTyped({ type: 'msgpack', bytes: hostile }, DEFAULT_LIMITS) as { $type: string };
    expect(v.$type).toBe('opaque');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(decodeTyped({ type: 'msgpack', bytes }, DEFAULT_LIMITS)).toEqual({ a: 1 });
  });

  it('invalid UTF-8 in a string (even inside an extension), truncated blobs and extra bytes are opaque', () => {
    expect(decodeTyped({ type: 'msgpack', bytes: new Uint8Array([0xa2, 0xff, 0xfe]) }, DEFAULT_LIMITS)).toMatchObject({ $type: 'opaque', reason: expect.stringMatching(/UTF-8/) });
    const inExt = encode([new ExtData(0, new Uint8Array([0x93, 0xa4, 0x75, 0x75, 0x69, 0x64, 0xa1, 0x55, 0xa1, 0xc0]))]);
    expect(decodeTyped({ type: 'msgpack', bytes: inExt }, DEFAULT_LIMITS)).toMatchObject({ $type: 'opaque', reason: expect.stringMatching(/UTF-8/) });
    expect(decodeTyped({ type: 'msgpack', bytes: encode(['é', 'ok']) }, DEFAULT_LIMITS)).toEqual(['é', 'ok']);
    const full = encode({ a: [1, 2, 3] });
    expect(decodeTyped({ type: 'msgpack', bytes: full.subarray(0, full.length - 1) }, DEFAULT_LIMITS)).toMatchObject({ $type: 'opaque' });
    expect(decodeTyped({ type: 'msgpack', bytes: new Uint8Array([...full, 0xc0]) }, DEFAULT_LIMITS)).toMatchObject({ $type: 'opaque', reason: expect.stringMatching(/[Ee]xtra/) });
  });
});
