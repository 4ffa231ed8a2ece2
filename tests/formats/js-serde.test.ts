/**
 * `json` blobs: LangGraph.js's serde (real output of `JsonPlusSerializer.dumpsTyped`, so the
 * test follows the library, not a hand-written copy of its format) and old Python JSON records.
 */
import { JsonPlusSerializer } from '@langchain/langgraph-checkpoint';
import { AIMessage, HumanMessage, RemoveMessage, ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/formats/options';
import { decodeTyped } from '../../src/formats/serde/typed';

const serde = new JsonPlusSerializer();
async function roundTrip(value: unknown): Promise<unknown> {
  const [type, bytes] = await serde.dumpsTyped(value);
  return decodeTyped({ type, bytes }, DEFAULT_LIMITS);
}
const json = (value: unknown) => decodeTyped({ type: 'json', bytes: JSON.stringify(value) }, DEFAULT_LIMITS);

describe('LangGraph.js json blobs', () => {
  it('messages (lc: 1 constructors) become chat messages with their fields', async () => {
    const ai = new AIMessage({ content: '', id: 'a1', tool_calls: [{ id: 'c1', name: 'search', args: { q: 'x' }, type: 'tool_call' }] });
    expect(await roundTrip([new HumanMessage({ content: 'hi', id: 'h1' }), ai, new ToolMessage({ content: 'r', tool_call_id: 'c1', id: 't1' })])).toEqual([
      { $type: 'message', type: 'human', class: 'HumanMessage', content: 'hi', id: 'h1', additional_kwargs: {}, response_metadata: {} },
      { $type: 'message', type: 'ai', class: 'AIMessage', content: '', id: 'a1', tool_calls: ai.tool_calls, invalid_tool_calls: [], additional_kwargs: {}, response_metadata: {} },
      { $type: 'message', type: 'tool', class: 'ToolMessage', content: 'r', tool_call_id: 'c1', id: 't1', additional_kwargs: {}, response_metadata: {} },
    ]);
    expect(await roundTrip(new RemoveMessage({ id: 'h1' }))).toMatchObject({ $type: 'message', type: 'remove', class: 'RemoveMessage', id: 'h1' });
  });

  it('lc: 2 values: undefined, Set, Map, RegExp, Error, Uint8Array', async () => {
    expect(await roundTrip({ u: undefined })).toEqual({ u: { $type: 'undefined', value: null } });
    expect(await roundTrip(new Set(['a']))).toEqual({ $type: 'set', kind: 'Set', items: ['a'] });
    expect(await roundTrip(new Map([['k', 1]]))).toEqual({ $type: 'map', entries: [['k', 1]] });
    expect(await roundTrip(/a+/gi)).toEqual({ $type: 'regexp', value: 'a+', flags: 'gi' });
    expect(await roundTrip({ e: new Error('boom') })).toEqual({ e: { $type: 'error', value: 'boom' } });
    expect(await roundTrip({ b: new Uint8Array([1, 2]) })).toEqual({ b: { $type: 'bytes', length: 2, base64: 'AQI=', truncated: false } });
  });

  it('a delta snapshot wraps the channel value', () => {
    expect(json({ lc: 2, type: 'delta_snapshot', value: ['a'] })).toEqual({ $type: 'delta-snapshot', value: ['a'] });
  });

  it('secrets and unknown LangChain classes are shown by name, never revived', () => {
    expect(json({ lc: 1, type: 'secret', id: ['OPENAI_API_KEY'] })).toEqual({ $type: 'secret', value: null, id: 'OPENAI_API_KEY' });
    expect(json({ lc: 1, type: 'constructor', id: ['langchain_core', 'documents', 'Document'], kwargs: { page_content: 'x' } })).toEqual({
      $type: 'object', module: 'langchain_core.documents', name: 'Document', kind: 'lc', fields: { page_content: 'x' },
    });
    expect(json({ lc: 1, type: 'not_implemented', id: ['x', 'Y'], repr: 'Y()' })).toMatchObject({ $type: 'object', name: 'Y', kind: 'not_implemented' });
    expect(json({ lc: 2, type: 'constructor', id: ['Function'], args: ['return 1'] })).toMatchObject({ $type: 'object', name: 'Function', kind: 'lc2' });
  });

  it('old Python JSON: lc: 2 constructors with module paths, and lc: 1 messages under langchain.schema', () => {
    expect(json({ lc: 2, type: 'constructor', id: ['uuid', 'UUID'], method: null, args: ['ab'.repeat(16)], kwargs: {} })).toEqual({ $type: 'uuid', value: 'abababab-abab-abab-abab-abababababab' });
    expect(json({ lc: 2, type: 'constructor', id: ['datetime', 'datetime'], method: 'fromisoformat', args: ['2024-07-31T20:14:19+00:00'], kwargs: {} })).toEqual({ $type: 'datetime', value: '2024-07-31T20:14:19+00:00' });
    expect(json({ lc: 2, type: 'constructor', id: ['langgraph', 'constants', 'Send'], method: null, args: [], kwargs: { node: 'n', arg: 1 } })).toEqual({ lg_name: 'Send', node: 'n', args: 1 });
    expect(json({ lc: 1, type: 'constructor', id: ['langchain', 'schema', 'messages', 'AIMessage'], kwargs: { content: 'old' } })).toEqual({ $type: 'message', type: 'ai', class: 'AIMessage', content: 'old' });
  });

  it('user data with a `$type` key is escaped, so it is never read as a tag', () => {
    expect(json({ $type: 'message', content: 'not really' })).toEqual({ $type: 'dict', value: { $type: 'message', content: 'not really' } });
  });
});

describe('hostile json', () => {
  it('a __proto__ key stays an own property and pollutes nothing', () => {
    const v = decodeTyped({ type: 'json', bytes: '{"__proto__": {"polluted": true}, "a": {"constructor": {"prototype": {"x": 1}}}}' }, DEFAULT_LIMITS) as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
    expect((v as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown; x?: unknown }).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(v))).toEqual(JSON.parse('{"__proto__": {"polluted": true}, "a": {"constructor": {"prototype": {"x": 1}}}}'));
  });

  it('deep nesting, invalid UTF-8 and broken JSON are opaque with a reason', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(decodeTyped({ type: 'json', bytes: deep }, DEFAULT_LIMITS)).toMatchObject({ $type: 'opaque', type: 'json', reason: expect.stringMatching(/deeper than 512/) });
    expect(decodeTyped({ type: 'json', bytes: new Uint8Array([0x22, 0xff, 0x22]) }, DEFAULT_LIMITS)).toMatchObject({ $type: 'opaque', reason: 'not valid UTF-8' });
    expect(decodeTyped({ type: 'json', bytes: '{"a": [1, 2' }, DEFAULT_LIMITS)).toMatchObject({ $type: 'opaque', type: 'json' });
  });
});
