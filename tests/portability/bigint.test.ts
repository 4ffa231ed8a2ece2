/**
 * Large BigInts: a value the app may store (up to `VALUE_LIMITS.maxBigIntDigits` digits) is
 * exported and imported back exactly; one past it is refused with its size in words, and the
 * saver it was imported into keeps what it had.
 */
import { describe, expect, it } from 'vitest';
import { MemorySaver } from '../../src/engine/checkpoint/memory';
import { VALUE_LIMITS } from '../../src/protocol/limits';
import { storableProblem } from '../../src/protocol/storable';
import { exportThread, importAnyThread } from '../../src/worker/portability';
import { cid, snapshotSaver } from './fixtures';

const NOW = new Date('2026-11-29T12:00:00.000Z');

async function saverWith(threadId: string, value: unknown): Promise<MemorySaver> {
  const saver = new MemorySaver();
  await saver.put({ configurable: { thread_id: threadId } }, { v: 4, id: cid(1), ts: NOW.toISOString(), channel_values: { value }, channel_versions: { value: 1 }, versions_seen: {} },
    { source: 'input', step: -1, parents: {} }, { value: 1 });
  return saver;
}

async function exportedText(threadId: string, value: unknown): Promise<string> {
  const r = await exportThread(await saverWith(threadId, value), threadId);
  if (!r.ok) throw new Error(r.error.message);
  return r.text;
}

/** The export `text` with the decimal text of its BigInt `value.big` replaced. */
function withBigText(text: string, digits: string): string {
  const doc = JSON.parse(text);
  const tagged = doc.checkpoints[0].checkpoint.channel_values.value.big;
  expect(tagged).toEqual({ $rg: 'bigint', v: '1' });
  tagged.v = digits;
  return JSON.stringify(doc);
}

describe('large BigInts', () => {
  it('a 5,000-digit BigInt (and a 100,000-digit one) is stored, exported and imported back exactly', async () => {
    for (const digits of [5_000, VALUE_LIMITS.maxBigIntDigits]) {
      const big = -(10n ** BigInt(digits - 1)) - 7n;
      expect(big.toString().length - 1).toBe(digits);
      // The storage worker accepts it as a stored value…
      expect(storableProblem({ big })).toBeNull();
      // …and a file holding it imports.
      const copy = new MemorySaver();
      const r = await importAnyThread(copy, await exportedText('big', { big }));
      expect(r, `${digits} digits`).toMatchObject({ ok: true });
      const back = (await copy.getTuple({ configurable: { thread_id: 'big' } }))!.checkpoint.channel_values.value as { big: bigint };
      expect(back.big).toBe(big);
    }
  });

  it('one digit past the limit is refused with its size, and changes nothing', async () => {
    const digits = VALUE_LIMITS.maxBigIntDigits + 1;
    const text = withBigText(await exportedText('small', { big: 1n }), '9'.repeat(digits));
    const target = await saverWith('keep', 'kept');
    const before = await snapshotSaver(target, ['keep', 'small']);
    const r = await importAnyThread(target, text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toContain(`a BigInt of ${digits} digits is over the limit of ${VALUE_LIMITS.maxBigIntDigits} digits`);
    expect(r.error.message).not.toContain('must be a decimal integer string');
    expect(await snapshotSaver(target, ['keep', 'small'])).toEqual(before);
    expect(storableProblem({ big: 10n ** BigInt(digits - 1) })?.message).toContain(`A BigInt of ${digits} digits`);
  });

  it('text that is not a decimal integer is still refused', async () => {
    const text = withBigText(await exportedText('odd', { big: 1n }), '12e5');
    const r = await importAnyThread(new MemorySaver(), text);
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid' } });
    if (!r.ok) expect(r.error.message).toContain('v must be a decimal integer string');
  });
});
