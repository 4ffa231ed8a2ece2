/** Summaries of Chrome DevTools CPU profiles that the UI benches print: self and total time per function. */

/** A node of a Chrome DevTools CPU profile. */
export interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
/** A Chrome DevTools CPU profile (Profiler.stop). */
export interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const where = (f: ProfileNode['callFrame']) => `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(assets\/|src\/|node_modules\/\.vite\/deps\/)/, '$1').replace(/\?.*$/, '')}:${f.lineNumber + 1}`;

/** Self time per function (ms), busy samples only, with the busy total first. */
export function topSelf(p: Profile, n: number): string[] {
  const byId = new Map(p.nodes.map((x) => [x.id, x]));
  const self = new Map<string, number>();
  let busy = 0;
  p.samples.forEach((id, i) => {
    const key = where(byId.get(id)!.callFrame);
    if (key.startsWith('(idle)') || key.startsWith('(program)')) return;
    const ms = (p.timeDeltas[i] ?? 0) / 1000;
    busy += ms;
    self.set(key, (self.get(key) ?? 0) + ms);
  });
  return [`${busy.toFixed(1).padStart(8)} ms  (busy, all functions)`, ...[...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`)];
}

/** Total time per function (ms, once per sample however deep it recurses); `under`: only samples with such a frame on their stack. */
export function topTotal(p: Profile, n: number, under?: RegExp, only?: RegExp): string[] {
  const byId = new Map(p.nodes.map((x) => [x.id, x]));
  const parent = new Map<number, number>();
  for (const x of p.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
  const total = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const seen = new Set<string>();
    if (under) {
      let found = false;
      for (let cur: number | undefined = id; cur !== undefined && !found; cur = parent.get(cur)) found = under.test(byId.get(cur)!.callFrame.functionName);
      if (!found) return;
    }
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur)!.callFrame;
      if (!f.functionName || f.functionName.startsWith('(') || (only && !only.test(f.functionName))) continue;
      const key = where(f);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
    }
  });
  return [...total.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`);
}
