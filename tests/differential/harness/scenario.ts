/**
 * A differential scenario is written once against the public LangGraph.js API and run on both
 * implementations; `defineDifferentialSuite` turns a list of them into vitest tests:
 * - "runs on LangGraph.js": runs it twice on the reference (the normalised outcome must not depend
 *   on ids or timing) and checks the scenario's own expectations (so a scenario that is written
 *   wrongly fails here, not as a confusing diff later);
 * - "matches on our engine": deep-equals our outcome with the reference one. Skipped while our
 *   engine does not export what the scenario needs; fails if the engine module does not load.
 */
import { describe, expect, it } from 'vitest';
import { CORE_API, LANGGRAPH_JS, memorySaver, missingExports, type EngineLoad, type Impl, type Saver, type SaverFactory } from './impl';
import { Recorder, type Outcome } from './recorder';

/** What a scenario body receives. */
export interface ScenarioContext {
  /** The implementation (module namespace) to build graphs with. */
  impl: Impl;
  /** Records results, histories and node runs. */
  rec: Recorder;
  /** The checkpointer of this run (fresh and empty). */
  saver: Saver;
  /** A thread config `{ configurable: { thread_id } }`. */
  thread(id?: string): { configurable: { thread_id: string } };
}

export interface Scenario {
  /** Short id and title, e.g. "C1 chain". */
  name: string;
  /** Exports needed beyond StateGraph / Annotation / START / END / MemorySaver. */
  needs?: string[];
  run(ctx: ScenarioContext): Promise<void>;
  /** Expectations about the reference outcome (documented LangGraph behaviour). */
  check?(outcome: Outcome): void;
  /**
   * Removes parts where LangGraph.js has a bug or a race from both outcomes before comparing
   * (say which and why next to it).
   */
  exclude?(outcome: Outcome): Outcome;
  /** Our correct behaviour for the parts `exclude` removed; runs on our engine only. */
  oursOnly?(outcome: Outcome): void;
}

/** Runs one scenario on `impl` with a fresh checkpointer from `saverFactory`. */
export async function runScenario(sc: Scenario, impl: Impl, saverFactory: SaverFactory = memorySaver): Promise<Outcome> {
  const saver = saverFactory(impl);
  const rec = new Recorder(impl, saver);
  await sc.run({ impl, rec, saver, thread: (id = 'thread-1') => ({ configurable: { thread_id: id } }) });
  return rec.outcome();
}

/** The entry recorded under `label` (throws if there is none, so checks fail loudly). */
export function entry(outcome: Outcome, label: string): any {
  const found = outcome.entries.find(([l]) => l === label);
  if (!found) throw new Error(`no entry "${label}" in the outcome`);
  return found[1];
}

export interface SuiteOptions {
  /** Our engine, as loaded by `loadEngine()`. */
  engine: EngineLoad;
  /** Checkpointer factory for both sides (default: each implementation's MemorySaver). */
  saver?: SaverFactory;
  /** Checkpointer factory for our side only (e.g. an IndexedDB saver); defaults to `saver`. */
  oursSaver?: SaverFactory;
  /** Also declare the "runs on LangGraph.js" checks (default true; another suite may own them). */
  checkReference?: boolean;
}

/** Declares the tests for `scenarios`. */
export function defineDifferentialSuite(title: string, scenarios: Scenario[], options: SuiteOptions): void {
  const saver = options.saver ?? memorySaver;
  const oursSaver = options.oursSaver ?? saver;
  describe(title, () => {
    for (const sc of scenarios) {
      let reference: Promise<Outcome> | undefined;
      const referenceOutcome = () => (reference ??= runScenario(sc, LANGGRAPH_JS, saver));
      const needs = [...CORE_API, ...(sc.needs ?? [])];
      const missing = options.engine.loadError ? [] : missingExports(options.engine.impl, needs);
      describe(sc.name, () => {
        // Declared only where this suite owns the reference checks (not as skipped tests elsewhere).
        if (options.checkReference !== false) {
          it('runs on LangGraph.js 1.7.3', async () => {
            const first = await referenceOutcome();
            const second = await runScenario(sc, LANGGRAPH_JS, saver);
            const strip = sc.exclude ?? ((o: Outcome) => o);
            expect(strip(second), 'the normalised outcome must not depend on ids or timing').toEqual(strip(first));
            sc.check?.(first);
          });
        }
        // A broken or incomplete engine fails here: it is never skipped.
        it('matches on our engine', async () => {
          if (options.engine.loadError) throw options.engine.loadError;
          expect(missing, 'exports the scenario needs').toEqual([]);
          const ours = await runScenario(sc, options.engine.impl, oursSaver);
          const theirs = await referenceOutcome();
          const strip = sc.exclude ?? ((o: Outcome) => o);
          expect(strip(ours), `first differences: npx tsx tests/differential/dump.ts "${sc.name}" --diff`).toEqual(strip(theirs));
          sc.oursOnly?.(ours);
        });
      });
    }
  });
}

/** The list-of-strings state most scenarios use: `{ value: string[] }` with a concat reducer. */
export function listState(impl: Impl): any {
  return impl.Annotation.Root({
    value: impl.Annotation({ reducer: (a: unknown[], b: unknown) => a.concat(b), default: () => [] }),
  });
}

/** A promise resolved after `ms` milliseconds (a few ms only: the suite must stay fast). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
