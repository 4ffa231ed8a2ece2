/**
 * The ledger computed from checkpoint data agrees with the engine's recorded decisions on every
 * scenario of the differential suite run on our engine. Every pending write with a record has the
 * same disposition both ways; the only freedom is the one the computed entry declares
 * (`alternatives`: applied vs reapplied, which checkpoint data cannot tell apart). Writes without a
 * record are allowed only on checkpoints no traced run wrote to (`updateState` writes).
 */
import { describe, expect, it } from 'vitest';
import type { DispositionKind, DispositionStep } from '../../src/engine/ledger/index';
import { loadEngine } from '../differential/harness/impl';
import { ALL_SCENARIOS } from '../differential/scenarios/all';
import { ledgersOf } from './harness';

const engine = await loadEngine();
/** Recorded dispositions seen over the whole suite (kind, or kind:cause). */
const seen = new Map<string, number>();
let exact = 0;
let withinAlternatives = 0;
/** Recorded writes whose story has more than one step. */
let stories = 0;
/** A story without its reasons (the evidence sentences may differ), for comparison. */
const storyOf = (h: readonly DispositionStep[]) => h.map(({ reason: _r, ...step }) => step);

describe('ledger: computed == recorded on every native scenario', () => {
  for (const sc of ALL_SCENARIOS) {
    it(sc.name, async () => {
      if (engine.loadError) throw engine.loadError;
      const diffs: unknown[] = [];
      for (const l of await ledgersOf(sc, engine.impl)) {
        for (const entry of l.computed) {
          const rec = l.recorded.find((r) => r.taskId === entry.taskId && r.channel === entry.channel);
          const where = { checkpoint: `${l.threadId}|${l.ns}|${l.checkpointId}`, taskId: entry.taskId, channel: entry.channel, computed: entry.disposition };
          if (!rec) {
            if (l.recorded.length > 0) diffs.push({ ...where, recorded: 'none' });
            continue;
          }
          const d = rec.disposition;
          const tag = d.kind === 'discarded' ? `discarded:${d.cause}` : d.kind === 'skipped-control' ? `skipped-control:${d.signal}` : d.kind;
          seen.set(tag, (seen.get(tag) ?? 0) + 1);
          if (JSON.stringify(d) === JSON.stringify(entry.disposition)) {
            exact++;
            // The whole story agrees too: each step's disposition, superstep and rule.
            if (JSON.stringify(storyOf(rec.history)) !== JSON.stringify(storyOf(entry.history))) diffs.push({ ...where, recordedStory: storyOf(rec.history), computedStory: storyOf(entry.history) });
          } else if (entry.alternatives?.includes(d.kind as DispositionKind)) withinAlternatives++;
          else diffs.push({ ...where, recorded: d, why: rec.reason });
          if (rec.history.length > 1) stories++;
        }
      }
      expect(diffs).toEqual([]);
    });
  }

  it('the suite exercises every disposition, and the computed guess is mostly exact', () => {
    console.log('recorded dispositions:', Object.fromEntries(seen), { exact, withinAlternatives, stories });
    for (const tag of [
      'applied', 'reapplied', 'resume-value', 'superseded', 'pending',
      'discarded:new-input', // replaying and time-travel discards: ./discarded.test.ts
      'skipped-control:__interrupt__', 'skipped-control:__error__', 'skipped-control:__error_source_node__',
    ]) {
      expect(seen.get(tag) ?? 0, tag).toBeGreaterThan(0);
    }
    expect(withinAlternatives).toBeLessThan(exact / 10);
    expect(stories).toBeGreaterThan(0);
  });
});
