/**
 * Malformed, truncated and hostile files, generated from valid ones by systematic mutations. Every
 * one must be refused with a clear error (a code, a message, a JSON path) and leave the saver's
 * content exactly as it was. Runs against MemorySaver and IndexedDBSaver (fake-indexeddb).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { IndexedDBSaver } from '../../src/checkpoint/idb';
import { MemorySaver } from '../../src/engine/checkpoint/memory';
import type { BaseCheckpointSaver } from '../../src/engine/checkpoint/types';
import { exportThread, importAnyThread, importLangGraphHistory, importThread, previewImport, serializeThreadExport } from '../../src/worker/portability';
import type { ImportLimits } from '../../src/worker/portability/limits';
import type { PathSegment, PortabilityErrorCode } from '../../src/worker/portability/issues';
import { fixtureExtras, snapshotSaver, writeFixtureThread } from './fixtures';
import { LG_THREAD, branchedHistory } from './langgraph-fixtures';
import { NOT_JSON, WRONG_ROOT, clone, getAt, hostileKeys, setAt, truncations, typeSwaps, type MalformedCase } from './mutations';

// ---- the valid files everything is derived from ----
const source = new MemorySaver();
await writeFixtureThread(source, 't1');
const exported = await exportThread(source, 't1', { ...fixtureExtras('t1'), graphId: 'g', graphSource: 'export default 1;' });
if (!exported.ok) throw new Error(exported.error.message);
const RG_TEXT = serializeThreadExport(exported.document);
const RG = JSON.parse(RG_TEXT) as Record<string, any>;
const LG = branchedHistory() as unknown as Record<string, any>[];
const LG_TEXT = JSON.stringify(LG);

const THREADS = ['keep', 't1', 'copy', LG_THREAD];

// ---- replaygraph.thread mutations ----
const cp = (i: number, ...rest: PathSegment[]): PathSegment[] => ['checkpoints', i, ...rest];
const rgStructural: PathSegment[][] = [
  ['format'], ['version'], ['exportedAt'], ['threadId'], ['graphId'], ['graphSource'], ['checkpoints'], ['runs'], ['trace'],
  ...[0, 1, 5].flatMap((i) => [
    cp(i), cp(i, 'ns'), cp(i, 'checkpoint'), cp(i, 'checkpoint', 'v'), cp(i, 'checkpoint', 'id'), cp(i, 'checkpoint', 'ts'),
    cp(i, 'checkpoint', 'channel_values'), cp(i, 'checkpoint', 'channel_versions'), cp(i, 'checkpoint', 'versions_seen'),
    cp(i, 'checkpoint', 'versions_seen', 'agent'), cp(i, 'checkpoint', 'versions_seen', 'agent', 'topic'),
    cp(i, 'checkpoint', 'updated_channels'), cp(i, 'metadata'), cp(i, 'metadata', 'source'), cp(i, 'metadata', 'step'),
    cp(i, 'metadata', 'parents'), cp(i, 'pendingWrites'),
  ]),
  cp(1, 'parentId'), cp(1, 'checkpoint', 'channel_versions', 'topic'), cp(1, 'checkpoint', 'updated_channels', 0),
  cp(1, 'pendingWrites', 0), cp(1, 'pendingWrites', 0, 0), cp(1, 'pendingWrites', 0, 1), cp(5, 'metadata', 'parents', ''),
  ['runs', 0], ['runs', 0, 'runId'], ['runs', 0, 'threadId'], ['runs', 0, 'kind'], ['runs', 0, 'fromCheckpointId'], ['runs', 0, 'startedAt'],
  ['runs', 0, 'endedAt'], ['runs', 0, 'outcome'], ['runs', 1, 'error'], ['runs', 1, 'error', 'message'],
  ['trace', 0], ['trace', 0, 'type'], ['trace', 0, 'runId'], ['trace', 0, 'checkpointNs'], ['trace', 0, 'step'], ['trace', 0, 'seq'],
];
const rgObjects: PathSegment[][] = [
  [], cp(0), cp(0, 'checkpoint'), cp(2, 'checkpoint', 'channel_values'), cp(2, 'checkpoint', 'channel_values', 'odd', 'v'),
  cp(2, 'checkpoint', 'channel_values', 'index'), cp(1, 'checkpoint', 'versions_seen'), cp(1, 'metadata'), cp(5, 'metadata', 'parents'),
  cp(1, 'pendingWrites', 2, 2), cp(2, 'pendingWrites', 0, 2, 0, 'value'), ['runs', 1], ['runs', 1, 'error'], ['trace', 0],
];

function rgEdit(name: string, edit: (doc: Record<string, any>) => void, codes: PortabilityErrorCode[], path?: string): MalformedCase {
  const doc = clone(RG);
  edit(doc);
  return { name: `replaygraph: ${name}`, text: JSON.stringify(doc), codes, ...(path ? { path } : {}) };
}

const rgSemantic: MalformedCase[] = [
  rgEdit('duplicate checkpoint id', (d) => { d.checkpoints[3].checkpoint.id = d.checkpoints[1].checkpoint.id; }, ['duplicate-id'], '$.checkpoints[3].checkpoint.id'),
  rgEdit('parent that does not exist', (d) => { d.checkpoints[4].parentId = 'no-such-checkpoint'; }, ['missing-parent'], '$.checkpoints[4].parentId'),
  rgEdit('parent in another namespace', (d) => { d.checkpoints[6].parentId = d.checkpoints[0].checkpoint.id; }, ['missing-parent'], '$.checkpoints[6].parentId'),
  rgEdit('cycle in parent links', (d) => { d.checkpoints[0].parentId = d.checkpoints[2].checkpoint.id; }, ['cycle']),
  rgEdit('checkpoint that is its own parent', (d) => { d.checkpoints[5].parentId = d.checkpoints[5].checkpoint.id; }, ['cycle']),
  rgEdit('duplicate run id', (d) => { d.runs[1].runId = d.runs[0].runId; }, ['duplicate-id'], '$.runs[1].runId'),
  rgEdit('duplicate trace event', (d) => { d.trace[2].seq = 1; }, ['duplicate-id'], '$.trace[2].seq'),
  rgEdit('trace entry with both type and kind', (d) => { d.trace[1].kind = 'trace'; }, ['invalid'], '$.trace[1]'),
  rgEdit('trace entry with neither type nor kind', (d) => { delete d.trace[1].type; }, ['invalid'], '$.trace[1]'),
  rgEdit('trace record of an unknown kind', (d) => { d.trace[1] = { runId: 'run-1', seq: 1, kind: 'script' }; }, ['invalid'], '$.trace[1].kind'),
  // Every record kind's body is checked: a bad run record used to hide every thread from the list.
  rgEdit('run record whose run is null', (d) => { d.trace.push({ runId: 'evil-run-1', seq: 0, kind: 'run', run: null }); }, ['invalid'], `$.trace[${RG.trace.length}].run`),
  rgEdit('run record whose run is text', (d) => { d.trace.push({ runId: 'evil-run-1', seq: 0, kind: 'run', run: 'garbage' }); }, ['invalid'], `$.trace[${RG.trace.length}].run`),
  rgEdit('run record without startedAt', (d) => {
    const run = { ...d.runs[0] };
    delete run.startedAt;
    d.trace.push({ runId: 'evil-run-2', seq: 0, kind: 'run', run });
  }, ['invalid'], `$.trace[${RG.trace.length}].run.startedAt`),
  rgEdit('run record with an unknown outcome', (d) => { d.trace.push({ runId: 'evil-run-3', seq: 0, kind: 'run', run: { ...d.runs[0], outcome: 'won' } }); }, ['invalid'], `$.trace[${RG.trace.length}].run.outcome`),
  rgEdit('checkpoint record without its checkpoint', (d) => { d.trace.push({ runId: 'evil-run-4', seq: 0, kind: 'checkpoint', checkpoint: null }); }, ['invalid'], `$.trace[${RG.trace.length}].checkpoint`),
  rgEdit('trace record whose event is a number', (d) => { d.trace.push({ runId: 'evil-run-5', seq: 0, kind: 'trace', event: 5 }); }, ['invalid'], `$.trace[${RG.trace.length}].event`),
  rgEdit('malformed tag in a channel named $rg', (d) => { d.checkpoints[1].checkpoint.channel_values.$rg = { $rg: 'bigint', v: 'x' }; }, ['invalid'], '$.checkpoints[1].checkpoint.channel_values.$rg.$rg'),
  rgEdit('malformed tag in an extra checkpoint field', (d) => { d.checkpoints[1].checkpoint.extra = { $rg: 'date', v: 'never' }; }, ['invalid'], '$.checkpoints[1].checkpoint.extra.$rg'),
  rgEdit('malformed tag in metadata', (d) => { d.checkpoints[1].metadata.when = { $rg: 'number', v: '12' }; }, ['invalid'], '$.checkpoints[1].metadata.when.$rg'),
  rgEdit('unknown value tag', (d) => { d.checkpoints[2].checkpoint.channel_values.when = { $rg: 'function', v: 'alert(1)' }; }, ['invalid'], '$.checkpoints[2].checkpoint.channel_values.when.$rg'),
  rgEdit('bad bigint', (d) => { d.checkpoints[2].checkpoint.channel_values.odd.v.big.v = '12abc'; }, ['invalid']),
  rgEdit('bad date', (d) => { d.checkpoints[2].checkpoint.channel_values.when.v = 'yesterday'; }, ['invalid']),
  rgEdit('bad map', (d) => { d.checkpoints[2].checkpoint.channel_values.index.v = [[1, 2, 3]]; }, ['invalid']),
  rgEdit('bad regexp', (d) => { d.checkpoints[2].checkpoint.channel_values.pattern.source = '(('; }, ['invalid']),
  rgEdit('bad typed array', (d) => { d.checkpoints[2].checkpoint.channel_values.bytes.type = 'Function'; }, ['invalid']),
  rgEdit('other format', (d) => { d.format = 'langgraph.thread'; }, ['unknown-format'], '$.format'),
  rgEdit('future version', (d) => { d.version = 2; }, ['unsupported-version'], '$.version'),
  rgEdit('version as text', (d) => { d.version = '1'; }, ['unsupported-version'], '$.version'),
  rgEdit('missing checkpoints', (d) => { delete d.checkpoints; }, ['invalid'], '$.checkpoints'),
  rgEdit('empty thread id', (d) => { d.threadId = ''; }, ['invalid'], '$.threadId'),
  rgEdit('unknown source', (d) => { d.checkpoints[1].metadata.source = 'magic'; }, ['invalid'], '$.checkpoints[1].metadata.source'),
  rgEdit('fractional step', (d) => { d.checkpoints[1].metadata.step = 0.5; }, ['invalid'], '$.checkpoints[1].metadata.step'),
  rgEdit('negative channel version', (d) => { d.checkpoints[1].checkpoint.channel_versions.topic = -3; }, ['invalid']),
  rgEdit('write with two fields', (d) => { d.checkpoints[1].pendingWrites[0] = ['task-a', 'notes']; }, ['invalid']),
  rgEdit('huge number', (d) => { d.checkpoints[1].metadata.step = 1e400; }, ['invalid']),
  rgEdit('id over the length limit', (d) => { d.checkpoints[1].checkpoint.id = 'x'.repeat(600); }, ['invalid'], '$.checkpoints[1].checkpoint.id'),
  rgEdit('nested too deep', (d) => {
    let v: unknown = 'bottom';
    for (let i = 0; i < 300; i++) v = [v];
    d.checkpoints[1].checkpoint.channel_values.notes = v;
  }, ['too-large']),
  rgEdit('string over 8 Mi characters', (d) => { d.checkpoints[1].checkpoint.channel_values.topic = 'a'.repeat(8 * 1024 * 1024 + 1); }, ['too-large'], '$.checkpoints[1].checkpoint.channel_values.topic'),
  rgEdit('array over a million elements', (d) => { d.trace = new Array(1_000_001).fill(0); }, ['too-large'], '$.trace'),
];

/** Cases that need lowered limits (to stay fast): [case, limits]. */
const rgLimited: [MalformedCase, Partial<ImportLimits>][] = [
  [{ name: 'replaygraph: more checkpoints than allowed', text: RG_TEXT, codes: ['invalid'], path: '$.checkpoints' }, { maxCheckpoints: 3 }],
  [{ name: 'replaygraph: more trace events than allowed', text: RG_TEXT, codes: ['invalid'], path: '$.trace' }, { maxTraceEvents: 2 }],
  [{ name: 'replaygraph: more writes on a checkpoint than allowed', text: RG_TEXT, codes: ['invalid'], path: '$.checkpoints[1].pendingWrites' }, { maxWritesPerCheckpoint: 2 }],
  [{ name: 'replaygraph: text longer than allowed', text: RG_TEXT, codes: ['too-large'], path: '$' }, { maxTextLength: 1000 }],
  [{ name: 'replaygraph: more values than allowed', text: RG_TEXT, codes: ['too-large'] }, { maxNodes: 100 }],
  [{ ...rgEdit('object with too many keys', (d) => {
    d.checkpoints[1].checkpoint.channel_values.topic = Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [`k${i}`, i]));
  }, ['too-large'], '$.checkpoints[1].checkpoint.channel_values.topic'), name: 'replaygraph: object with too many keys' }, { maxObjectKeys: 1_000 }],
];

// ---- LangGraph history mutations ----
const lgStructural: PathSegment[][] = [0, 2].flatMap((i) => [
  [i], [i, 'next'], [i, 'checkpoint'], [i, 'checkpoint', 'thread_id'], [i, 'checkpoint', 'checkpoint_ns'],
  [i, 'checkpoint', 'checkpoint_id'], [i, 'metadata'], [i, 'created_at'], [i, 'parent_checkpoint'], [i, 'parent_checkpoint', 'checkpoint_id'],
  [i, 'tasks'], [i, 'tasks', 0], [i, 'tasks', 0, 'id'], [i, 'tasks', 0, 'name'], [i, 'tasks', 0, 'interrupts'],
]).concat([[2, 'next', 0], [1, 'tasks', 0, 'interrupts', 0], [1, 'tasks', 0, 'interrupts', 0, 'id']]);
const lgObjects: PathSegment[][] = [[0], [0, 'values'], [1, 'values'], [1, 'checkpoint'], [1, 'tasks', 0], [1, 'tasks', 0, 'interrupts', 0, 'value'], [2, 'metadata'], [3, 'tasks', 0, 'result']];

function lgEdit(name: string, edit: (h: Record<string, any>[]) => void, codes: PortabilityErrorCode[], path?: string): MalformedCase {
  const h = clone(LG);
  edit(h);
  return { name: `langgraph: ${name}`, text: JSON.stringify(h), codes, ...(path ? { path } : {}) };
}

const lgSemantic: MalformedCase[] = [
  lgEdit('two threads mixed', (h) => { h[1]!.checkpoint.thread_id = 'other'; }, ['invalid'], '$[1].checkpoint.thread_id'),
  lgEdit('duplicate checkpoint id', (h) => { h[0]!.checkpoint.checkpoint_id = h[1]!.checkpoint.checkpoint_id; }, ['duplicate-id']),
  lgEdit('cycle', (h) => { h[3]!.parent_checkpoint = { ...h[0]!.checkpoint }; }, ['cycle']),
  lgEdit('parent in another namespace', (h) => { h[0]!.parent_checkpoint.checkpoint_ns = 'sub:1'; }, ['invalid'], '$[0].parent_checkpoint.checkpoint_ns'),
  lgEdit('parent not in the file', (h) => { h[1]!.parent_checkpoint.checkpoint_id = 'gone'; }, ['missing-parent'], '$[1].parent_checkpoint.checkpoint_id'),
  lgEdit('empty history', (h) => { h.length = 0; }, ['invalid']),
  lgEdit('missing checkpoint id', (h) => { delete h[2]!.checkpoint.checkpoint_id; }, ['invalid'], '$[2].checkpoint.checkpoint_id'),
  lgEdit('null checkpoint id', (h) => { h[2]!.checkpoint.checkpoint_id = null; }, ['invalid'], '$[2].checkpoint.checkpoint_id'),
  lgEdit('values that are a number', (h) => { h[0]!.values = 3; }, ['invalid'], '$[0].values'),
];

const CASES: { c: MalformedCase; limits?: Partial<ImportLimits>; format: 'replaygraph' | 'langgraph' | 'any' }[] = [
  ...truncations('replaygraph', RG_TEXT, 45).map((c) => ({ c, format: 'replaygraph' as const })),
  ...truncations('langgraph', LG_TEXT, 25).map((c) => ({ c, format: 'langgraph' as const })),
  ...typeSwaps('replaygraph', RG, rgStructural).map((c) => ({ c, format: 'replaygraph' as const })),
  ...typeSwaps('langgraph', LG, lgStructural).map((c) => ({ c, format: 'langgraph' as const })),
  ...hostileKeys('replaygraph', RG, rgObjects).map((c) => ({ c, format: 'replaygraph' as const })),
  ...hostileKeys('langgraph', LG, lgObjects).map((c) => ({ c, format: 'langgraph' as const })),
  ...rgSemantic.map((c) => ({ c, format: 'replaygraph' as const })),
  ...lgSemantic.map((c) => ({ c, format: 'langgraph' as const })),
  ...rgLimited.map(([c, limits]) => ({ c, limits, format: 'replaygraph' as const })),
  ...NOT_JSON.map(([name, text]) => ({ c: { name: `not JSON: ${name}`, text, codes: ['not-json'] as PortabilityErrorCode[] }, format: 'any' as const })),
  ...WRONG_ROOT.map(([name, text]) => ({ c: { name: `wrong root: ${name}`, text, codes: ['unknown-format'] as PortabilityErrorCode[] }, format: 'replaygraph' as const })),
  { c: { name: 'langgraph: an object instead of a list', text: RG_TEXT, codes: ['unknown-format'] }, format: 'langgraph' },
  { c: { name: 'replaygraph: a LangGraph list given to the thread importer', text: LG_TEXT, codes: ['unknown-format'] }, format: 'replaygraph' },
];

function runImport(saver: BaseCheckpointSaver, entry: (typeof CASES)[number]) {
  const { c, limits } = entry;
  if (entry.format === 'langgraph') return importLangGraphHistory(saver, c.text, { limits });
  if (entry.format === 'replaygraph') return importThread(saver, c.text, { limits });
  return importAnyThread(saver, c.text, { limits });
}

describe('the valid files import (so every refusal below is caused by its mutation)', () => {
  it('replaygraph and LangGraph originals', async () => {
    expect((await importThread(new MemorySaver(), RG_TEXT)).ok).toBe(true);
    expect((await importLangGraphHistory(new MemorySaver(), LG_TEXT)).ok).toBe(true);
  });

  it('there are at least 100 malformed files', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(100);
  });
});

let dbCount = 0;
const SAVERS: [string, () => BaseCheckpointSaver][] = [
  ['MemorySaver', () => new MemorySaver()],
  ['IndexedDBSaver', () => new IndexedDBSaver({ dbName: `malformed-${dbCount++}` })],
];

describe.each(SAVERS)('malformed files are refused and change nothing (%s)', (_name, newSaver) => {
  const saver = newSaver();
  const ready = writeFixtureThread(saver, 'keep');

  it.each(CASES.map((entry) => [entry.c.name, entry] as const))('%s', async (_label, entry) => {
    await ready;
    const before = await snapshotSaver(saver, THREADS);
    const r = await runImport(saver, entry);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(entry.c.codes).toContain(r.error.code);
    expect(r.error.message.length).toBeGreaterThan(10);
    expect(r.error.path).toMatch(/^\$/);
    if (entry.c.path) expect(r.error.issues.map((i) => i.path)).toContain(entry.c.path);
    expect(await snapshotSaver(saver, THREADS)).toEqual(before);
    // Nothing reached a prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as unknown as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('previewImport refuses every malformed file too', () => {
  // Two cases are valid files of the other format, given to the wrong importer: preview detects the format.
  const wrongImporter = new Set([RG_TEXT, LG_TEXT]);
  it.each(CASES.filter((e) => !wrongImporter.has(e.c.text) || e.limits).map((e) => [e.c.name, e] as const))('%s', (_label, entry) => {
    const r = previewImport(entry.c.text, { limits: entry.limits });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message.length).toBeGreaterThan(10);
  });
});

describe('mutation helpers', () => {
  it('set and get through paths, keeping a __proto__ key as an own key', () => {
    const doc = clone(RG);
    setAt(doc, ['checkpoints', 0, '__proto__'], 1);
    expect(Object.hasOwn(getAt(doc, ['checkpoints', 0]) as object, '__proto__')).toBe(true);
    expect(JSON.stringify(doc)).toContain('"__proto__":1');
  });
});
