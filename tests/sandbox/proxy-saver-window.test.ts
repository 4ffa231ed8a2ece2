/**
 * The sandbox's pipelined checkpointer keeps what waits for its commit bounded twice: by the count
 * of writes and by the approximate bytes of their values. A run whose state grows by megabytes a
 * step must wait on its writes long before the count is reached, or a slow (or full) storage
 * worker lets it hold gigabytes in flight.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Checkpoint } from '../../src/engine/checkpoint/types';
import type { SessionRequest } from '../../src/protocol/sandbox';
import { ProxySaver } from '../../src/sandbox/proxy-saver';
import { SessionClient } from '../../src/sandbox/session-client';

const ports: MessagePort[] = [];
afterEach(() => ports.splice(0).forEach((p) => p.close()));

/** A storage end that answers each call only when told to. */
function storage() {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const received: SessionRequest[] = [];
  port2.onmessage = (ev) => void received.push(ev.data as SessionRequest);
  const answerAll = () => {
    for (const m of received.splice(0)) port2.postMessage({ type: 'cp/reply', rid: m.rid, ok: true, value: null });
  };
  return { client: new SessionClient(port1), received, answerAll };
}

const cp = (n: number, blob: string): Checkpoint => ({
  v: 4, id: `c${String(n).padStart(4, '0')}`, ts: '2026-01-01T00:00:00.000Z', channel_values: { blob }, channel_versions: { blob: n }, versions_seen: {},
});
const config = (n: number) => ({ configurable: { thread_id: 't', checkpoint_ns: '', ...(n > 1 ? { checkpoint_id: cp(n - 1, '').id } : {}) } });
const tick = () => new Promise((r) => setTimeout(r, 10));

/** Starts `count` puts of `blob` one after another; returns how many resolved before any answer. */
async function putsBeforeAnswer(saver: ProxySaver, count: number, blob: string): Promise<{ resolved: () => number; all: Promise<void> }> {
  let resolved = 0;
  const all = (async () => {
    for (let n = 1; n <= count; n++) {
      await saver.put(config(n), cp(n, blob), { source: 'loop', step: n, parents: {} }, { blob: n });
      resolved++;
    }
  })();
  await tick();
  return { resolved: () => resolved, all };
}

describe('ProxySaver write window', () => {
  it('small writes run ahead up to the count window', async () => {
    const s = storage();
    const saver = new ProxySaver(s.client, { window: 8, windowBytes: 1024 * 1024 });
    const run = await putsBeforeAnswer(saver, 20, 'x');
    expect(run.resolved()).toBe(8);
    while (run.resolved() < 20) {
      s.answerAll();
      await tick();
    }
    s.answerAll();
    await run.all;
    await saver.flush();
  });

  it('large writes wait once their bytes pass the byte window, long before the count window', async () => {
    const s = storage();
    // 200,000 characters are about 400 KB: the third put passes 1 MiB and waits for its commit.
    const saver = new ProxySaver(s.client, { window: 512, windowBytes: 1024 * 1024 });
    const run = await putsBeforeAnswer(saver, 10, 'y'.repeat(200_000));
    expect(run.resolved()).toBe(2);
    expect(s.received).toHaveLength(3);
    s.answerAll();
    await tick();
    expect(run.resolved()).toBeGreaterThan(2);
    while (run.resolved() < 10) {
      s.answerAll();
      await tick();
    }
    s.answerAll();
    await run.all;
    await saver.flush();
  });
});
