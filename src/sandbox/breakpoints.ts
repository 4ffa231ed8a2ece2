/**
 * The breakpoints of a run: the graph's compiled ones plus those the debugger asked for. The
 * engine, as LangGraph.js, lets a run's `interruptBefore` / `interruptAfter` replace the compiled
 * lists; the debugger adds to them instead, so a graph compiled to pause somewhere always does.
 */

/**
 * The nodes a run pauses at: the compiled list (`'*'`: every node, which no addition widens) with
 * the debugger's added; undefined when neither names one (the run then keeps the graph's own).
 */
export function withCompiled(compiled: readonly string[] | '*' | undefined, asked: readonly string[] | undefined): string[] | '*' | undefined {
  if (compiled === '*') return '*';
  const all = [...new Set([...(compiled ?? []), ...(asked ?? [])])];
  return all.length === 0 ? undefined : all;
}
