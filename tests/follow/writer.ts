/**
 * A LangGraph.js app that keeps writing: a one-node graph run `count` times with the real
 * `SqliteSaver` on `better-sqlite3` (WAL mode, as the saver sets it), one run per step. Run `i`
 * goes to thread `main`, except every tenth, which starts a thread of its own (`extra-<i>`).
 * After run `truncateAt` the WAL is checkpointed into the database and truncated
 * (`PRAGMA wal_checkpoint(TRUNCATE)`). Prints `wrote <i>` after each run and `done` at the end.
 *
 * Usage: tsx tests/follow/writer.ts <db path> <count> <truncateAt> [pauseMs]
 */
import Database from 'better-sqlite3';
import { Annotation, START, StateGraph } from '@langchain/langgraph';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';

const [path, countArg, truncateArg, pauseArg] = process.argv.slice(2);
const count = Number(countArg);
const truncateAt = Number(truncateArg);
const pauseMs = Number(pauseArg ?? 0);

const State = Annotation.Root({
  steps: Annotation<number[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});
const db = new Database(path!);
const saver = new SqliteSaver(db);
const graph = new StateGraph(State)
  .addNode('step', (s) => ({ steps: [s.steps.length] }))
  .addEdge(START, 'step')
  .compile({ checkpointer: saver });

for (let i = 1; i <= count; i++) {
  const threadId = i % 10 === 0 ? `extra-${i}` : 'main';
  await graph.invoke({ steps: [i] }, { configurable: { thread_id: threadId } });
  if (i === truncateAt) db.pragma('wal_checkpoint(TRUNCATE)');
  console.log(`wrote ${i}`);
  if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
}
db.close();
console.log('done');
