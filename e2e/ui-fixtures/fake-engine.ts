/**
 * A fixture engine for the UI's e2e tests: installed with `page.addInitScript(installFakeEngine, opts)`,
 * it replaces the page's `Worker` constructor for the storage worker only, and answers the real
 * protocol (src/protocol/messages.ts) from in-memory fixture graphs and threads. The app under test
 * is the real one, talking through the real client; only the far side of the boundary is a fixture,
 * so each layout can be shown on exactly the data it needs (10,000 checkpoints, long values,
 * subgraph namespaces…). It only lays data out: every fact about the engine's decisions
 * (dispositions, step mode, breakpoints, deduplication, namespaces) is checked on the real worker
 * (`e2e/ui-engine-facts.spec.ts`), and the data seeded here is data the engine can produce.
 *
 * The function must stay self-contained: Playwright sends its source text into the page.
 */
import type { CheckpointDetail, CheckpointSummary, GraphInfo, Json, RunSummary } from '../../src/protocol/dto';

/** Fixture switches. */
export interface FakeEngineOptions {
  /** Seeds a thread `big` with this many checkpoints (plus a 20-checkpoint fork branch at the middle). */
  bigThread?: number;
  /** Seeds the thread `demo` (nested graph: subgraph namespaces, a continued failure's writes, an interrupt). */
  demoThread?: boolean;
  /** Answers `rg/checkpoint.get` for the demo thread's step-1 checkpoint with malformed data (tasks: null). */
  malformedDetail?: boolean;
  /** Milliseconds between streamed batches of a run. */
  stepDelayMs?: number;
}

/** Installs the fixture engine in the page (runs in the browser). */
export function installFakeEngine(opts: FakeEngineOptions): void {
  type Cp = { summary: CheckpointSummary; values: Record<string, Json>; detail?: Partial<CheckpointDetail> };
  type Thread = { threadId: string; graphId: string; cps: Cp[]; runs: RunSummary[]; trace: Map<string, Json[]>; status: 'idle' | 'running' | 'interrupted' | 'error' };
  type Send = (m: unknown) => void;
  type Controls = { stepMode?: boolean; breakBefore?: string[]; breakAfter?: string[] };

  const chain = (ids: string[]) => ({
    nodes: [{ id: '__start__', kind: 'start' as const }, ...ids.map((id) => ({ id, kind: 'node' as const })), { id: '__end__', kind: 'end' as const }],
    edges: ['__start__', ...ids].map((s, i) => ({ source: s, target: [...ids, '__end__'][i], conditional: false })),
  });
  const inner = chain(['x', 'y']);
  const GRAPHS: (GraphInfo & { order: string[]; interruptAt?: string; fanout?: { node: string; count: number } })[] = [
    { id: 'chain', title: 'Three-node chain', description: 'a → b → c.', origin: 'builtin', shape: chain(['a', 'b', 'c']), exampleInput: { topic: 'hello' }, order: ['a', 'b', 'c'] },
    {
      id: 'fanout', title: 'Send fan-out', description: 'plan sends work to three workers.', origin: 'builtin', exampleInput: { items: 3 }, order: ['plan', 'work', 'join'], fanout: { node: 'work', count: 3 },
      shape: {
        nodes: [{ id: '__start__', kind: 'start' }, { id: 'plan', kind: 'node' }, { id: 'work', kind: 'node', badges: ['retry ×2'] }, { id: 'join', kind: 'node' }, { id: '__end__', kind: 'end' }],
        edges: [
          { source: '__start__', target: 'plan', conditional: false },
          { source: 'plan', target: 'work', conditional: true, label: 'Send' },
          { source: 'plan', target: '__end__', conditional: true, label: 'nothing' },
          { source: 'work', target: 'join', conditional: false },
          { source: 'join', target: '__end__', conditional: false },
        ],
      },
    },
    {
      id: 'nested', title: 'Subgraph with review', description: 'prep, an inner subgraph, then a human review.', origin: 'builtin', exampleInput: { doc: 'draft' }, order: ['prep', 'inner', 'review'], interruptAt: 'review',
      shape: {
        nodes: [{ id: '__start__', kind: 'start' }, { id: 'prep', kind: 'node' }, { id: 'inner', kind: 'subgraph', subgraph: inner }, { id: 'review', kind: 'node' }, { id: '__end__', kind: 'end' }],
        edges: [
          { source: '__start__', target: 'prep', conditional: false },
          { source: 'prep', target: 'inner', conditional: false },
          { source: 'inner', target: 'review', conditional: false },
          { source: 'review', target: 'prep', conditional: true, label: 'again' },
          { source: 'review', target: '__end__', conditional: true, label: 'done' },
        ],
      },
    },
  ];
  const graphOf = (id: string) => GRAPHS.find((g) => g.id === id)!;
  const threads = new Map<string, Thread>();
  let seq = 0;
  let runSeq = 0;
  const t0 = Date.UTC(2026, 0, 1);
  const newId = () => `cp-${String(++seq).padStart(7, '0')}`;
  const stamp = () => new Date(t0 + seq * 1000).toISOString();

  function addCp(th: Thread, ns: string, parent: Cp | null, source: CheckpointSummary['source'], next: string[], values: Record<string, Json>, detail?: Partial<CheckpointDetail>): Cp {
    const step = parent === null ? -1 : parent.summary.step + 1;
    const id = newId();
    const cp: Cp = {
      summary: { checkpointId: id, parentId: parent?.summary.checkpointId ?? null, ns, step, source, ts: stamp(), next, pendingWrites: detail?.pendingWrites?.length ?? 0, hasInterrupts: (detail?.tasks ?? []).some((t) => t.interrupts.length > 0), hasError: (detail?.tasks ?? []).some((t) => t.error !== null) },
      values,
      detail,
    };
    th.cps.push(cp);
    return cp;
  }
  const mkThread = (threadId: string, graphId: string): Thread => {
    const th: Thread = { threadId, graphId, cps: [], runs: [], trace: new Map(), status: 'idle' };
    threads.set(threadId, th);
    return th;
  };
  const head = (th: Thread, ns = '') => {
    const mine = th.cps.filter((c) => c.summary.ns === ns);
    return mine[mine.length - 1] ?? null;
  };
  const nextAfter = (g: (typeof GRAPHS)[number], node: string | null) => {
    if (node === null) return ['__start__'];
    if (node === '__start__') return [g.order[0]];
    const i = g.order.indexOf(node);
    return i >= 0 && i + 1 < g.order.length ? [g.order[i + 1]] : [];
  };

  function detailOf(th: Thread, ns: string, cp: Cp): CheckpointDetail {
    const child = th.cps.find((c) => c.summary.parentId === cp.summary.checkpointId);
    const g = graphOf(th.graphId);
    const count = g.fanout !== undefined && g.fanout.node === cp.summary.next[0] ? g.fanout.count : 1;
    const tasks = cp.detail?.tasks ?? cp.summary.next.flatMap((name) =>
      Array.from({ length: name === g.fanout?.node ? count : 1 }, (_, i) => ({
        id: `${cp.summary.checkpointId}-${name}-${i}`, name, path: name === g.fanout?.node ? `__pregel_push, ${i}` : `__pregel_pull, ${name}`, kind: (name === g.fanout?.node ? 'push' : 'pull') as 'push' | 'pull',
        triggers: name === g.fanout?.node ? [] : [{ channel: `branch:to:${name}`, version: cp.summary.step + 2, seen: cp.summary.step > 0 ? cp.summary.step : null }],
        interrupts: [], error: null, outcome: (child !== undefined ? 'ran' : 'pending') as 'ran' | 'pending',
      })));
    return {
      summary: { ...cp.summary, pendingWrites: cp.detail?.pendingWrites?.length ?? 0 },
      values: cp.values,
      metadata: { source: cp.summary.source, step: cp.summary.step, parents: {}, ...(cp.detail?.metadata ?? {}) },
      tasks,
      pendingWrites: cp.detail?.pendingWrites ?? [],
      raw: { config: { configurable: { thread_id: th.threadId, checkpoint_ns: ns, checkpoint_id: cp.summary.checkpointId } }, checkpoint: { v: 4, id: cp.summary.checkpointId, channel_values: cp.values } },
    };
  }

  /** Runs `g` on `th` from `from` (a checkpoint, or null for a new input), step by step, streaming. */
  function run(send: Send, th: Thread, kind: RunSummary['kind'], from: Cp | null, input: Json, controls: Controls, replay: boolean): RunSummary {
    const g = graphOf(th.graphId);
    const runId = `run-${++runSeq}`;
    const summary: RunSummary = { runId, threadId: th.threadId, kind, fromCheckpointId: from?.summary.checkpointId ?? null, startedAt: stamp(), endedAt: null, outcome: 'running', error: null, graphId: g.id };
    th.runs.push(summary);
    th.status = 'running';
    const trace: Json[] = [];
    th.trace.set(runId, trace);
    let tseq = 0;
    const ev = (e: Record<string, Json>) => { const full = { runId, checkpointNs: '', seq: tseq++, ...e } as Json; trace.push(full); return full; };
    ev({ type: '@engine.run.start', step: from?.summary.step ?? -1, threadId: th.threadId, checkpointId: from?.summary.checkpointId ?? null, isReplaying: replay, isResuming: kind === 'resume', input: kind === 'run' ? 'value' : 'null' });
    let cur = from;
    if (kind === 'run') {
      const base = (cur?.values ?? {}) as Record<string, Json>;
      cur = addCp(th, '', cur, 'input', ['__start__'], { ...base, input });
      cur = addCp(th, '', cur, 'loop', nextAfter(g, '__start__'), { ...(cur.values as Record<string, Json>), trail: (base.trail as Json[] | undefined) ?? [] });
    }
    let first = true;
    const pending: Json[] = [];
    const stepOnce = (): boolean => {
      if (cur === null || cur.summary.next.length === 0) return false;
      const node = cur.summary.next[0];
      if (!first && controls.breakBefore?.includes(node)) return false;
      if (node === g.interruptAt && kind !== 'resume') {
        const prev = cur;
        ev({ type: '@engine.tick.start', step: prev.summary.step + 1, checkpointId: prev.summary.checkpointId, isReplaying: replay && first });
        ev({ type: '@engine.interrupt', step: prev.summary.step + 1, kind: 'dynamic', interrupts: [{ id: 'int-1', value: { question: 'Approve the draft?' } }] });
        prev.detail = { ...(prev.detail ?? {}), tasks: [{ id: `${prev.summary.checkpointId}-review`, name: 'review', path: '__pregel_pull, review', kind: 'pull', triggers: [{ channel: 'branch:to:review', version: 5, seen: null }], interrupts: [{ id: 'int-1', value: { question: 'Approve the draft?' } }], error: null, outcome: 'interrupted' }],
          pendingWrites: [{ taskId: `${prev.summary.checkpointId}-review`, taskName: 'review', channel: '__interrupt__', value: [{ value: { question: 'Approve the draft?' } }], disposition: { kind: 'pending' } }] };
        prev.summary.hasInterrupts = true;
        prev.summary.pendingWrites = 1;
        summary.outcome = 'interrupted';
        return false;
      }
      ev({ type: '@engine.tick.start', step: cur.summary.step + 1, checkpointId: cur.summary.checkpointId, isReplaying: replay && first });
      ev({ type: '@engine.task.run', step: cur.summary.step + 1, taskId: `${cur.summary.checkpointId}-${node}`, name: node, attempt: 1 });
      if (node === 'inner') {
        const ns = `inner:${cur.summary.checkpointId}-inner`;
        trace.push({ runId, checkpointNs: ns, seq: tseq++, type: '@engine.run.start', step: -1, threadId: th.threadId, checkpointId: null, isReplaying: false, isResuming: false, input: 'value' });
        let sub = addCp(th, ns, null, 'input', ['__start__'], { doc: 'draft' });
        sub = addCp(th, ns, sub, 'loop', ['x'], { doc: 'draft' });
        sub = addCp(th, ns, sub, 'loop', ['y'], { doc: 'draft x' });
        addCp(th, ns, sub, 'loop', [], { doc: 'draft x y' });
      }
      const values = { ...(cur.values as Record<string, Json>), trail: [...(((cur.values as Record<string, Json>).trail as Json[]) ?? []), node] };
      cur = addCp(th, '', cur, 'loop', nextAfter(g, node), values);
      ev({ type: '@engine.checkpoint.saved', step: cur.summary.step, checkpointId: cur.summary.checkpointId, parentCheckpointId: cur.summary.parentId, source: 'loop', newChannels: ['trail'] });
      pending.push({ kind: 'checkpoint', checkpoint: cur.summary } as unknown as Json);
      first = false;
      if (controls.breakAfter?.includes(node) || controls.stepMode) return false;
      return cur.summary.next.length > 0;
    };
    const tick = () => {
      const more = stepOnce();
      send({ type: 'rg/run.events', runId, threadId: th.threadId, events: [...pending.splice(0), ...trace.slice(-3).map((event) => ({ kind: 'trace', event }))] });
      if (more) return void setTimeout(tick, opts.stepDelayMs ?? 20);
      if (summary.outcome === 'running') summary.outcome = cur !== null && cur.summary.next.length === 0 ? 'done' : 'paused';
      summary.endedAt = stamp();
      th.status = summary.outcome === 'interrupted' ? 'interrupted' : 'idle';
      ev({ type: '@engine.run.end', step: cur?.summary.step ?? 0, status: summary.outcome === 'done' ? 'done' : 'interrupted' });
      send({ type: 'rg/run.ended', runId, threadId: th.threadId, outcome: summary.outcome, error: null, result: null });
    };
    setTimeout(tick, opts.stepDelayMs ?? 20);
    return summary;
  }

  function seedBig(n: number) {
    const th = mkThread('big', 'chain');
    let cur = addCp(th, '', null, 'input', ['__start__'], { count: 0 });
    let mid: Cp = cur;
    for (let i = 1; i < n - 20; i++) {
      cur = addCp(th, '', cur, 'loop', ['a'], { count: i, note: `step ${i}` });
      if (i === Math.floor(n / 2)) mid = cur;
    }
    let fork = addCp(th, '', mid, 'fork', ['a'], { count: -1, note: 'forked' });
    for (let i = 0; i < 19; i++) fork = addCp(th, '', fork, 'loop', ['a'], { count: -1 - i });
    th.runs.push({ runId: 'run-big', threadId: 'big', kind: 'run', fromCheckpointId: null, startedAt: stamp(), endedAt: stamp(), outcome: 'done', error: null });
    th.trace.set('run-big', []);
  }

  function seedDemo() {
    const th = mkThread('demo', 'nested');
    let cur = addCp(th, '', null, 'input', ['__start__'], { doc: 'draft' });
    cur = addCp(th, '', cur, 'loop', ['prep'], { doc: 'draft', trail: [] });
    const errTask = `${'t'}-prep-1`;
    cur.detail = {
      tasks: [{ id: errTask, name: 'prep', path: '__pregel_pull, prep', kind: 'pull', triggers: [{ channel: 'branch:to:prep', version: 2, seen: null }], interrupts: [], error: { code: 'RUN_FAILED', name: 'Error', message: 'prep failed once' }, outcome: 'failed' }],
      pendingWrites: [
        // What the engine records for a parallel step where one task failed and the run was
        // continued (e2e/ui-engine-facts.spec.ts checks the same on the real worker).
        { taskId: errTask, taskName: 'prep', channel: '__error__', value: { message: 'prep failed once' }, disposition: { kind: 'superseded' } },
        { taskId: 't-side', taskName: 'side', channel: 'notes', value: '<b>not bold</b>', disposition: { kind: 'reapplied' } },
      ],
    };
    cur.summary.hasError = true;
    cur.summary.pendingWrites = 2;
    cur = addCp(th, '', cur, 'loop', ['inner'], { doc: 'draft!', trail: ['prep'], html: '<img src=x onerror="window.__xss=1">' });
    const ns = `inner:${cur.summary.checkpointId}-inner`;
    let sub = addCp(th, ns, null, 'input', ['__start__'], { doc: 'draft!' });
    sub = addCp(th, ns, sub, 'loop', ['x'], { doc: 'draft!' });
    addCp(th, ns, sub, 'loop', ['y'], { doc: 'draft! x' });
    cur = addCp(th, '', cur, 'loop', ['review'], { doc: 'draft! x y', trail: ['prep', 'inner'] });
    cur.detail = {
      tasks: [{ id: 't-review', name: 'review', path: '__pregel_pull, review', kind: 'pull', triggers: [{ channel: 'branch:to:review', version: 4, seen: null }], interrupts: [{ id: 'int-1', value: { question: 'Approve the draft?' } }], error: null, outcome: 'interrupted' }],
      pendingWrites: [{ taskId: 't-review', taskName: 'review', channel: '__interrupt__', value: [{ value: { question: 'Approve the draft?' } }], disposition: { kind: 'pending' } }],
    };
    cur.summary.hasInterrupts = true;
    cur.summary.pendingWrites = 1;
    th.status = 'interrupted';
    const r1: RunSummary = { runId: 'run-demo-1', threadId: 'demo', kind: 'run', fromCheckpointId: null, startedAt: stamp(), endedAt: stamp(), outcome: 'interrupted', error: null };
    const r2: RunSummary = { runId: 'run-demo-2', threadId: 'demo', kind: 'replay', fromCheckpointId: th.cps[1].summary.checkpointId, startedAt: stamp(), endedAt: stamp(), outcome: 'interrupted', error: null };
    th.runs.push(r1, r2);
    const base = (runId: string) => ({ runId, checkpointNs: '' });
    th.trace.set('run-demo-1', []);
    th.trace.set('run-demo-2', [
      { ...base('run-demo-2'), seq: 0, step: 0, type: '@engine.run.start', threadId: 'demo', checkpointId: th.cps[1].summary.checkpointId, isReplaying: true, isResuming: false, input: 'null' },
      { ...base('run-demo-2'), seq: 1, step: 1, type: '@engine.tick.start', checkpointId: th.cps[1].summary.checkpointId, isReplaying: true },
      { ...base('run-demo-2'), seq: 2, step: 1, type: '@engine.task.run', taskId: 't-prep-2', name: 'prep', attempt: 1 },
      { ...base('run-demo-2'), seq: 3, step: 1, type: '@engine.writes.put', taskId: 't-prep-2', checkpointId: th.cps[1].summary.checkpointId, channels: ['doc'], deduplicated: [], replaced: 0, isNullTask: false },
      { ...base('run-demo-2'), seq: 4, step: 2, type: '@engine.tick.start', checkpointId: th.cps[2].summary.checkpointId, isReplaying: false },
      { ...base('run-demo-2'), seq: 5, step: 2, type: '@engine.task.cached', taskId: 't-inner', name: 'inner', channels: ['doc'] },
      { runId: 'run-demo-2', checkpointNs: ns, seq: 6, step: -1, type: '@engine.run.start', threadId: 'demo', checkpointId: sub.summary.checkpointId, isReplaying: false, isResuming: true, input: 'null' },
      { ...base('run-demo-2'), seq: 7, step: 3, type: '@engine.tick.start', checkpointId: th.cps[5].summary.checkpointId, isReplaying: false },
      { ...base('run-demo-2'), seq: 8, step: 3, type: '@engine.task.finished', taskId: 't-review', name: 'review', status: 'interrupt', channels: ['__interrupt__'] },
      { ...base('run-demo-2'), seq: 9, step: 3, type: '@engine.run.end', status: 'interrupted' },
    ]);
  }

  if (opts.bigThread !== undefined) seedBig(opts.bigThread);
  if (opts.demoThread) seedDemo();

  function nsTree(th: Thread) {
    const nss = [...new Set(th.cps.map((c) => c.summary.ns))].filter((n) => n !== '');
    const count = (ns: string) => th.cps.filter((c) => c.summary.ns === ns).length;
    return { ns: '', name: '', checkpoints: count(''), children: nss.map((ns) => ({ ns, name: ns.split(':')[0], checkpoints: count(ns), children: [] })) };
  }

  function handle(msg: Record<string, any>, send: Send): void {
    const reply = (type: string, body: object = {}) => send({ type, id: msg.id, ...body });
    const fail = (code: string, message: string) => send({ type: 'rg/error', id: msg.id, error: { code, name: 'Error', message } });
    const th = typeof msg.threadId === 'string' ? threads.get(msg.threadId) : undefined;
    const need = () => { if (th === undefined) fail('NOT_FOUND', `No thread ${msg.threadId}`); return th; };
    const cpById = (t: Thread, id: string) => t.cps.find((c) => c.summary.checkpointId === id);
    switch (msg.type) {
      case 'rg/hello': return reply('rg/hello-ok', { protocolVersion: 3, storage: { dbName: 'replaygraph', version: 1 } });
      // The page attaches its sandbox frame; this fixture runs no graph code, so it only says ok.
      case 'rg/sandbox.attach': return reply('rg/ok');
      // The app's server follows no file here (as \`npm start\` without a path answers).
      case 'rg/files.follow': return reply('rg/files.opened', { file: null, problem: null });
      case 'rg/graphs.list': return reply('rg/graphs', { graphs: GRAPHS.map(({ order: _o, interruptAt: _i, fanout: _f, ...g }) => g) });
      case 'rg/threads.list':
        return reply('rg/threads', { threads: [...threads.values()].map((t) => ({ threadId: t.threadId, graphId: t.graphId, status: t.status, steps: t.cps.filter((c) => c.summary.ns === '').length, updatedAt: t.cps[t.cps.length - 1]?.summary.ts ?? null })) });
      case 'rg/thread.delete': threads.delete(msg.threadId); return reply('rg/ok');
      case 'rg/history.page': {
        const t = need(); if (!t) return;
        const items = t.cps.filter((c) => c.summary.ns === msg.ns && (msg.before === undefined || c.summary.checkpointId < msg.before)).map((c) => c.summary).reverse().slice(0, msg.limit);
        const more = items.length === msg.limit && t.cps.some((c) => c.summary.ns === msg.ns && c.summary.checkpointId < items[items.length - 1].checkpointId);
        return reply('rg/history', { page: { items, nextBefore: more ? items[items.length - 1].checkpointId : null } });
      }
      case 'rg/checkpoint.get': {
        const t = need(); if (!t) return;
        const cp = cpById(t, msg.checkpointId);
        if (cp === undefined) return fail('NOT_FOUND', `No checkpoint ${msg.checkpointId}`);
        const broken = opts.malformedDetail === true && t.threadId === 'demo' && cp.summary.step === 1;
        return reply('rg/checkpoint', { detail: broken ? { ...detailOf(t, msg.ns, cp), tasks: null, pendingWrites: null } : detailOf(t, msg.ns, cp) });
      }
      case 'rg/checkpoint.diff': {
        // The real worker diffs with microdiff; this fixture walks plain JSON the same way.
        const t = need(); if (!t) return;
        const cp = cpById(t, msg.checkpointId);
        if (cp === undefined) return fail('NOT_FOUND', `No checkpoint ${msg.checkpointId}`);
        const d = detailOf(t, msg.ns, cp);
        type Change = { kind: 'added' | 'removed'; path: string; value: Json } | { kind: 'changed'; path: string; from: Json; to: Json };
        const changes: Change[] = [];
        const fmt = (path: (string | number)[]) => path.reduce<string>((out, p) => (typeof p === 'number' ? `${out}[${p}]` : out === '' ? p : `${out}.${p}`), '');
        const walk = (a: Json | undefined, b: Json | undefined, path: (string | number)[]) => {
          const isObj = (x: Json | undefined): x is Record<string, Json> | Json[] => typeof x === 'object' && x !== null;
          if (isObj(a) && isObj(b) && Array.isArray(a) === Array.isArray(b)) {
            const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
            for (const k of keys) walk((a as Record<string, Json>)[k], (b as Record<string, Json>)[k], [...path, Array.isArray(a) ? Number(k) : k]);
          } else if (a === undefined && b !== undefined) changes.push({ kind: 'added', path: fmt(path), value: b });
          else if (b === undefined && a !== undefined) changes.push({ kind: 'removed', path: fmt(path), value: a });
          else if (JSON.stringify(a) !== JSON.stringify(b)) changes.push({ kind: 'changed', path: fmt(path), from: a as Json, to: b as Json });
        };
        // As the real worker does, the diff is computed beside the data: the page never gets the parent's values.
        const parentValues = t.cps.find((c) => c.summary.checkpointId === cp.summary.parentId)?.values ?? null;
        walk(parentValues ?? {}, d.values, []);
        return reply('rg/checkpoint.diff', { changes: changes.slice(msg.offset, msg.offset + msg.limit), total: changes.length, first: parentValues === null });
      }
      case 'rg/runs.list': { const t = need(); if (!t) return; return reply('rg/runs', { runs: t.runs }); }
      case 'rg/trace.get': {
        const t = need(); if (!t) return;
        const all = t.trace.get(msg.runId ?? '') ?? [];
        return reply('rg/trace', { events: all.slice(msg.afterSeq ?? 0, (msg.afterSeq ?? 0) + (msg.limit ?? 5000)), nextSeq: null });
      }
      case 'rg/namespaces.list': { const t = need(); if (!t) return; return reply('rg/namespaces', { root: nsTree(t) }); }
      case 'rg/run.start': {
        if (!GRAPHS.some((g) => g.id === msg.graphId)) return fail('NOT_FOUND', `No graph ${msg.graphId}`);
        const t = threads.get(msg.threadId) ?? mkThread(msg.threadId, msg.graphId);
        const r = run(send, t, 'run', head(t), msg.input, msg.controls ?? {}, false);
        return reply('rg/run.started', { runId: r.runId, threadId: t.threadId });
      }
      case 'rg/run.continue':
      case 'rg/run.resume': {
        const t = need(); if (!t) return;
        const r = run(send, t, msg.type === 'rg/run.resume' ? 'resume' : 'continue', head(t), null, msg.controls ?? {}, false);
        return reply('rg/run.started', { runId: r.runId, threadId: t.threadId });
      }
      case 'rg/run.replay':
      case 'rg/run.fork': {
        const t = need(); if (!t) return;
        let from = cpById(t, msg.checkpointId);
        if (from === undefined) return fail('NOT_FOUND', `No checkpoint ${msg.checkpointId}`);
        if (msg.type === 'rg/run.fork') from = addCp(t, '', from, 'update', from.summary.next, msg.values as Record<string, Json>, { metadata: { asNode: msg.asNode ?? null } });
        const r = run(send, t, msg.type === 'rg/run.fork' ? 'fork' : 'replay', from, null, msg.controls ?? {}, msg.type === 'rg/run.replay');
        return reply('rg/run.started', { runId: r.runId, threadId: t.threadId });
      }
      case 'rg/run.cancel': return reply('rg/ok');
      default: return fail('UNKNOWN_REQUEST', `The worker does not know the request "${msg.type}".`);
    }
  }

  const RealWorker = window.Worker;
  class FakeEngineWorker extends EventTarget {
    onmessage: ((ev: MessageEvent) => void) | null = null;
    onerror: ((ev: Event) => void) | null = null;
    private closed = false;
    postMessage(message: unknown): void {
      // A transferred port does not survive JSON; no request of this fixture needs one.
      const data = JSON.parse(JSON.stringify(message, (k, v) => (k === 'port' ? null : v))) as Record<string, any>;
      setTimeout(() => handle(data, (m) => {
        if (this.closed) return;
        const ev = new MessageEvent('message', { data: JSON.parse(JSON.stringify(m)) });
        this.dispatchEvent(ev);
        this.onmessage?.(ev);
      }), 0);
    }
    terminate(): void {
      this.closed = true;
    }
  }
  (window as unknown as { __fakeEngine: unknown }).__fakeEngine = { threads };
  window.Worker = function (url: string | URL, options?: WorkerOptions) {
    if (String(url).includes('storage.worker')) return new FakeEngineWorker();
    return new RealWorker(url, options);
  } as unknown as typeof Worker;
}
