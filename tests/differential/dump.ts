/**
 * Prints the normalised outcome of scenarios, to read a reference outcome or a diff by eye:
 *   npx tsx tests/differential/dump.ts [name-substring] [--ours]
 * Without --ours the outcome is LangGraph.js 1.7.3's; with it, our engine's.
 */
import { LANGGRAPH_JS, loadEngine } from './harness/impl';
import { runScenario } from './harness/scenario';
import { ALL_SCENARIOS } from './scenarios/all';

const args = process.argv.slice(2);
const ours = args.includes('--ours');
const filter = args.find((a) => !a.startsWith('--')) ?? '';
const impl = ours ? (await loadEngine()).impl : LANGGRAPH_JS;
for (const sc of ALL_SCENARIOS.filter((s) => s.name.includes(filter))) {
  try {
    console.log(`## ${sc.name}\n${JSON.stringify(await runScenario(sc, impl), null, 1)}`);
  } catch (err) {
    console.log(`## ${sc.name}: threw`, err);
  }
}
