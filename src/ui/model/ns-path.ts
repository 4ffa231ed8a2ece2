/** Checkpoint namespaces: `""` is the root; `node:taskId` levels are joined with `|`. */

/** The levels of a namespace, each `{ node, taskId }`. */
export function nsLevels(ns: string): { node: string; taskId: string }[] {
  if (ns === '') return [];
  return ns.split('|').map((level) => {
    const i = level.indexOf(':');
    return i < 0 ? { node: level, taskId: '' } : { node: level.slice(0, i), taskId: level.slice(i + 1) };
  });
}

/** A short label for a namespace: `root`, or the node names joined with ` › `. */
export function nsLabel(ns: string): string {
  const levels = nsLevels(ns);
  return levels.length === 0 ? 'root' : levels.map((l) => l.node).join(' › ');
}
