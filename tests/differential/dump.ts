/**
 * Prints the normalised outcome of scenarios, to read a reference outcome or a difference by eye:
 *   npx tsx tests/differential/dump.ts [name-substring] [--ours | --diff]
 * Default: LangGraph.js 1.7.3's outcome. --ours: our engine's. --diff: the first entries where
 * the two differ (after the scenario's exclusions), side by side.
 */
import { isDeepStrictEqual } from 'node:util';
import { LANGGRAPH_JS, loadEngine } from './harness/impl';
import type { Outcome } from './harness/recorder';
import { runScenario, type Scenario } from './harness/scenario';
import { ALL_SCENARIOS } from './scenarios/all';

const args = process.argv.slice(2);
const mode = args.includes('--diff') ? 'diff' : args.includes('--ours') ? 'ours' : 'reference';
const filter = args.find((a) => !a.startsWith('--')) ?? '';
const engine = await loadEngine();

/** The first place where two JSON-like values differ, as a path. */
function firstDifference(a: unknown, b: unknown, path = ''): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      const d = firstDifference((a as any)[k], (b as any)[k], `${path}/${k}`);
      if (d !== undefined) return d;
    }
  }
  return `${path}: LangGraph.js ${JSON.stringify(a)?.slice(0, 400)} | ours ${JSON.stringify(b)?.slice(0, 400)}`;
}

async function diff(sc: Scenario): Promise<string> {
  const strip = sc.exclude ?? ((o: Outcome) => o);
  const theirs = strip(await runScenario(sc, LANGGRAPH_JS));
  const ours = strip(await runScenario(sc, engine.impl));
  if (isDeepStrictEqual(JSON.parse(JSON.stringify(theirs)), JSON.parse(JSON.stringify(ours)))) return 'same';
  const lines: string[] = [];
  const calls = firstDifference(theirs.calls, ours.calls, 'calls');
  if (calls) lines.push(calls);
  const n = Math.max(theirs.entries.length, ours.entries.length);
  for (let i = 0; i < n; i += 1) {
    const d = firstDifference(theirs.entries[i], ours.entries[i], `entries/${i}`);
    if (d) lines.push(`[${theirs.entries[i]?.[0] ?? ours.entries[i]?.[0]}] ${d}`);
  }
  return lines.join('\n');
}

for (const sc of ALL_SCENARIOS.filter((s) => s.name.includes(filter))) {
  try {
    if (mode === 'diff') console.log(`## ${sc.name}\n${await diff(sc)}`);
    else console.log(`## ${sc.name}\n${JSON.stringify(await runScenario(sc, mode === 'ours' ? engine.impl : LANGGRAPH_JS), null, 1)}`);
  } catch (err) {
    console.log(`## ${sc.name}: threw`, err);
  }
}
