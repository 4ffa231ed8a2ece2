/**
 * Joins the static selection with both sides' results: per-test rows, the figures, and our
 * failures grouped by file and by first error line.
 */
import type { TestSite } from './analyze';
import type { SideRun, TestResult } from './vitest-run';

/** One test of the suite as measured. `key` is the file, the full name and, for repeats, `#n`. */
export interface Row {
  key: string;
  file: string;
  name: string;
  /** Selected: its closure uses no private binding (see analyze.ts). */
  selected: boolean;
  privateUses?: string[];
  real: string;
  realError?: string;
  engine?: string;
  engineError?: string;
}

/** The printed figures. */
export interface Figures {
  filesMeasured: number;
  filesSelected: number;
  staticSites: number;
  staticSelected: number;
  testsSelected: number;
  suiteSkipped: number;
  unmatched: number;
  denominator: number;
  enginePasses: number;
}

/** Per-file counts. */
export interface FileLine {
  file: string;
  selected: number;
  denominator: number;
  enginePasses: number;
  /** Why the file reported no test result on our side, when it did not. */
  engineFileError?: string;
}

/** One group of our failures. */
export interface Group {
  reason: string;
  count: number;
  files: Record<string, number>;
  /** Where file-level errors of this group were thrown (`src/tests/x.test.ts:12`), when any. */
  thrownAt: string[];
  examples: string[];
}

function before(a: { line: number; column: number }, b: { line: number; column: number }): boolean {
  return a.line < b.line || (a.line === b.line && a.column <= b.column);
}

/** The innermost test site of `sites` whose span contains the reported location. */
export function siteOf(sites: TestSite[], r: TestResult): TestSite | undefined {
  if (r.line === undefined) return undefined;
  const at = { line: r.line, column: r.column ?? 1 };
  let best: TestSite | undefined;
  for (const s of sites) {
    if (before(s.start, at) && before(at, s.end) && (!best || before(best.start, s.start))) best = s;
  }
  return best;
}

/** Gives each result a key unique within its file (repeated full names get `#2`, `#3`, …). */
export function keyed(results: TestResult[]): Map<string, TestResult> {
  const out = new Map<string, TestResult>();
  const count = new Map<string, number>();
  for (const r of results) {
    const base = `${r.file} > ${r.name}`;
    const n = (count.get(base) ?? 0) + 1;
    count.set(base, n);
    out.set(n === 1 ? base : `${base} #${n}`, r);
  }
  return out;
}

/**
 * The first line of an error, with what varies between occurrences of one cause taken out:
 * where a file-level error was thrown (the per-file lines keep it, so one missing export is one
 * group whether it struck while collecting or inside tests), the receiver of "x.y is not a
 * function" (Vitest's `__vi_import_0__.` included), ids and numbers, and long values.
 */
export function reasonOf(error: string | undefined): string {
  let line = (error ?? 'no error reported').split('\n').find((l) => l.trim() !== '')?.trim() ?? 'empty error';
  line = line.replace(/ \(at [^()]+:\d+\)$/, '');
  line = line.replace(/\(0 ?, ?__vi_import_\d+__\.([\w$]+)\)/g, '$1').replace(/__vi_import_\d+__\./g, '');
  line = line.replace(/\(intermediate value\)\./g, '');
  line = line.replace(/^(\w*Error: )?(?:[\w$.()[\]'"]*\.)?([\w$]+)\)? is not (a function|a constructor|iterable|defined)/, '$1$2 is not $3');
  line = line.replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, '<uuid>');
  line = line.replace(/\b\d+(\.\d+)?\b/g, 'N');
  return line.length > 140 ? `${line.slice(0, 137)}...` : line;
}

/** Builds the rows and the figures from the selection and both runs. */
export function joinRuns(
  sitesByFile: Map<string, TestSite[]>, real: SideRun, engine: SideRun | undefined,
): { rows: Row[]; figures: Figures; files: FileLine[] } {
  const rows: Row[] = [];
  const realByKey = keyed(real.results);
  const engineByKey = engine ? keyed(engine.results) : new Map<string, TestResult>();
  let unmatched = 0;
  let suiteSkipped = 0;
  const reported = new Set(real.results.map((r) => r.file));
  let testsSelected = 0;
  for (const [key, r] of realByKey) {
    const site = siteOf(sitesByFile.get(r.file) ?? [], r);
    if (!site) unmatched += r.state === 'skipped' ? 0 : 1;
    const selected = !!site && site.privateUses.length === 0;
    if (selected) testsSelected += 1;
    if (selected && r.state === 'skipped') suiteSkipped += 1;
    const row: Row = { key, file: r.file, name: r.name, selected, real: r.state, realError: r.error };
    if (site && !selected) row.privateUses = site.privateUses;
    if (engine && selected && r.state === 'passed') {
      const e = engineByKey.get(key);
      row.engine = e?.state ?? 'failed';
      row.engineError = e ? e.error : (engine.fileErrors.get(r.file) ?? 'no result on our side (test not collected)');
    }
    rows.push(row);
  }
  // Files the real side reported nothing for (import error, hang): their selected sites, all failed.
  for (const [file, sites] of sitesByFile) {
    if (reported.has(file)) continue;
    for (const s of sites.filter((x) => x.privateUses.length === 0)) {
      testsSelected += 1;
      rows.push({ key: `${file} > ${s.title}@${s.start.line}`, file, name: s.title, selected: true, real: 'failed', realError: real.fileErrors.get(file) });
    }
  }
  const files: FileLine[] = [...sitesByFile.keys()].map((file) => {
    const mine = rows.filter((r) => r.file === file);
    const denominator = mine.filter((r) => r.selected && r.real === 'passed');
    return {
      file,
      selected: mine.filter((r) => r.selected).length,
      denominator: denominator.length,
      enginePasses: denominator.filter((r) => r.engine === 'passed').length,
      engineFileError: engine?.fileErrors.get(file),
    };
  });
  const sites = [...sitesByFile.values()].flat();
  const denominatorRows = rows.filter((r) => r.selected && r.real === 'passed');
  return {
    rows,
    files,
    figures: {
      filesMeasured: sitesByFile.size,
      filesSelected: files.filter((f) => f.selected > 0).length,
      staticSites: sites.length,
      staticSelected: sites.filter((s) => s.privateUses.length === 0).length,
      testsSelected,
      suiteSkipped,
      unmatched,
      denominator: denominatorRows.length,
      enginePasses: denominatorRows.filter((r) => r.engine === 'passed').length,
    },
  };
}

/** Our failures among the denominator, grouped by `reasonOf` their first error line, largest first. */
export function groups(rows: Row[]): Group[] {
  const byReason = new Map<string, Group>();
  for (const r of rows) {
    if (!r.selected || r.real !== 'passed' || r.engine === 'passed' || r.engine === undefined) continue;
    const reason = reasonOf(r.engineError);
    const g = byReason.get(reason) ?? { reason, count: 0, files: {}, thrownAt: [], examples: [] };
    const at = / \(at ([^()]+:\d+)\)$/.exec(r.engineError?.split('\n')[0] ?? '')?.[1];
    if (at && !g.thrownAt.includes(at)) g.thrownAt.push(at);
    g.count += 1;
    g.files[r.file] = (g.files[r.file] ?? 0) + 1;
    if (g.examples.length < 2) g.examples.push(r.key);
    byReason.set(reason, g);
  }
  return [...byReason.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

/** How many selected-out sites each private binding costs, largest first. */
export function exclusions(sitesByFile: Map<string, TestSite[]>): Array<[string, number]> {
  const count = new Map<string, number>();
  for (const s of [...sitesByFile.values()].flat()) for (const u of s.privateUses) count.set(u, (count.get(u) ?? 0) + 1);
  return [...count].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** Tests of the denominator whose status on our side changed since `baseline` (an earlier --json). */
export function changes(baseline: { tests: Row[] }, rows: Row[]): { gained: string[]; lost: string[] } {
  const before = new Map(baseline.tests.map((r) => [r.key, r.engine === 'passed']));
  const gained: string[] = [];
  const lost: string[] = [];
  for (const r of rows) {
    if (!r.selected || r.real !== 'passed' || !before.has(r.key)) continue;
    const now = r.engine === 'passed';
    if (now && !before.get(r.key)) gained.push(r.key);
    if (!now && before.get(r.key)) lost.push(r.key);
  }
  return { gained, lost };
}
