/**
 * Orders of a superstep: the task path string LangGraph sorts a step's writes by, tasks in write
 * order, and the sorted list of updated channels.
 */
import type { WritingTask } from './types';

/** LangGraph's task path string: the sort key of a task's writes. */
export function taskPathStr(path: unknown): string {
  if (Array.isArray(path)) {
    // Concatenated in a loop (no mapped array and join per path: a step sorts every task's path).
    let s = '~';
    for (let i = 0; i < path.length; i++) s += i === 0 ? taskPathStr(path[i]) : `, ${taskPathStr(path[i])}`;
    return s;
  }
  if (typeof path === 'boolean') return path ? '0000000001' : '0000000000';
  if (typeof path === 'number') return path < 0 ? `-${String(-path).padStart(9, '0')}` : String(path).padStart(10, '0');
  if (path == null) return '~';
  return String(path);
}

/**
 * Compare by code point (Python `str` order), as LangGraph sorts write keys: code units up to the
 * first that differs, then the code points there (starting at the high surrogate it follows).
 */
function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a.charCodeAt(i) === b.charCodeAt(i)) continue;
    const prev = i > 0 ? a.charCodeAt(i - 1) : 0;
    if (prev >= 0xd800 && prev <= 0xdbff) {
      const x = a.codePointAt(i - 1)!;
      const y = b.codePointAt(i - 1)!;
      if (x !== y) return x < y ? -1 : 1;
    }
    return a.codePointAt(i)! < b.codePointAt(i)! ? -1 : 1;
  }
  return a.length - b.length;
}

/** Tasks in deterministic write order: PULL before PUSH, PULL by name, Sends by index. */
export function sortTasks<T extends WritingTask>(tasks: readonly T[]): T[] {
  if (tasks.length < 2) return [...tasks];
  const keyed = tasks.map((t) => [taskPathStr(t.path), t] as const);
  keyed.sort((a, b) => compareCodePoints(a[0], b[0]));
  return keyed.map((k) => k[1]);
}

/**
 * `list.sort()` in place for the short lists of a step (its updated channels): an insertion sort
 * by UTF-16 code units, as the default sort compares strings, without the work array
 * `Array.prototype.sort` allocates on every call.
 */
export function sortStrings(list: string[]): string[] {
  for (let i = 1; i < list.length; i++) {
    const x = list[i];
    let j = i - 1;
    for (; j >= 0 && list[j] > x; j--) list[j + 1] = list[j];
    list[j + 1] = x;
  }
  return list;
}
