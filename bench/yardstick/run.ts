/**
 * The LangGraph.js compatibility yardstick: LangGraph.js's own unit tests (`libs/langgraph-core`),
 * restricted to the tests that use only the public API, run on the installed LangGraph.js 1.7.3
 * (to learn which ones it passes: the denominator) and then on our engine.
 *
 *   npx tsx bench/yardstick/run.ts --suite <langgraphjs checkout | its libs/langgraph-core | git dir>
 *     [--ref HEAD] [--engine src/engine/index.ts] [--filter substring[,substring]] [--json out.json]
 *     [--baseline earlier.json] [--timeout 10] [--workers 2] [--stall 60] [--bound 900] [--top 30] [--keep]
 *
 * A script that prints figures, not a test. See bench/yardstick/README.md.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { libraryImports, SuiteAnalyzer, type TestSite } from './analyze';
import { classify, engineFiles, loadEntries, realFiles, type Entry } from './entries';
import { byCategory } from './categories';
import { changes, exclusions, groups, joinRuns, type FileLine, type Figures, type Group, type Row } from './report';
import { copySuite, fileExclusion, moduleKind, rel, sourceFiles, type SuiteCopy } from './suite';
import type { RunPlan } from './vitest-config';
import { runSide, type SideOptions } from './vitest-run';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '../..');

interface Options {
  suite: string;
  ref: string;
  engine: string;
  filter: string[];
  json?: string;
  baseline?: string;
  timeoutMs: number;
  workers: number;
  stallMs: number;
  boundMs: number;
  top: number;
  keep: boolean;
}

function parseArgs(argv: string[]): Options {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const num = (name: string, fallback: number): number => {
    const v = Number(value(name));
    return Number.isFinite(v) && v > 0 ? v : fallback;
  };
  const suite = value('--suite') ?? process.env.LANGGRAPHJS_DIR;
  if (!suite) {
    console.error('usage: npx tsx bench/yardstick/run.ts --suite <langgraphjs checkout> [options] (see bench/yardstick/README.md)');
    process.exit(2);
  }
  return {
    suite: resolve(suite),
    ref: value('--ref') ?? 'HEAD',
    engine: resolve(value('--engine') ?? join(REPO, 'src/engine/index.ts')),
    filter: (value('--filter') ?? '').split(',').filter(Boolean),
    json: value('--json'),
    baseline: value('--baseline'),
    timeoutMs: num('--timeout', 10) * 1000,
    workers: num('--workers', 2),
    stallMs: num('--stall', 60) * 1000,
    boundMs: num('--bound', 900) * 1000,
    top: num('--top', 30),
    keep: argv.includes('--keep'),
  };
}

/** The stand-in module of each library module: its public and neutral names, from the side's files. */
function standIns(imports: Map<string, Set<string>>, entries: Entry[], files: Map<string, string>): Record<string, string> {
  const neutral = join(HERE, 'neutral.ts');
  const out: Record<string, string> = {};
  for (const [module, names] of imports) {
    const byFile = new Map<string, string[]>();
    const missing: string[] = [];
    for (const name of [...names].sort()) {
      const b = classify(entries, module, name);
      const file = b.kind === 'public' ? files.get(b.entry) : b.kind === 'neutral' ? neutral : undefined;
      if (!file) {
        missing.push(name);
        continue;
      }
      byFile.set(file, [...(byFile.get(file) ?? []), name]);
    }
    out[module] = [
      `// Stand-in for ${module}. Private, left undefined: ${missing.join(', ') || 'none'}.`,
      ...[...byFile].map(([file, ns]) => `export { ${ns.join(', ')} } from ${JSON.stringify(file)};`),
      'export {};',
    ].join('\n');
  }
  return out;
}

function pct(a: number, b: number): string {
  return b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`;
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(opts.engine)) throw new Error(`no engine entry at ${opts.engine}`);
  const children = new Set<ChildProcess>();
  let copy: SuiteCopy | undefined;
  const cleanup = () => {
    for (const c of children) if (c.pid !== undefined) try { process.kill(-c.pid, 'SIGKILL'); } catch { /* gone */ }
    if (copy && !opts.keep) rmSync(copy.tmp, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => { cleanup(); process.exit(130); });
  try {
    const t0 = Date.now();
    copy = copySuite(opts.suite, opts.ref, REPO);
    const { src, pkg } = copy;
    const { entries, version } = await loadEntries(pkg, REPO);
    const all = sourceFiles(src);
    const testFiles = all.filter((f) => moduleKind(rel(src, f)) === 'test' && !fileExclusion(rel(src, f)))
      .filter((f) => opts.filter.length === 0 || opts.filter.some((s) => rel(src, f).includes(s)));
    const helpers = all.filter((f) => moduleKind(rel(src, f)) === 'helper');
    const analyzer = new SuiteAnalyzer(src, [...testFiles, ...helpers], entries);
    const sitesByFile = new Map<string, TestSite[]>();
    for (const f of testFiles) sitesByFile.set(rel(pkg, f), analyzer.testSites(f));
    const imports = libraryImports(analyzer, src, [...testFiles, ...helpers]);
    const suiteSetup = ['src/tests/setup.node.ts', 'src/tests/matchers/setup.ts'].map((f) => join(pkg, f)).filter(existsSync);
    const runnable = [...sitesByFile].filter(([, s]) => s.some((x) => x.privateUses.length === 0)).map(([f]) => f);
    console.log(`suite: ${copy.origin}`);
    console.log(`reference: @langchain/langgraph ${version}; engine: ${rel(REPO, opts.engine) || opts.engine}`);
    console.log(`analysed ${testFiles.length} test files in ${((Date.now() - t0) / 1000).toFixed(1)} s; running ${runnable.length} with selected tests\n`);

    const side = (label: string, files: Map<string, string>) => {
      // The main entry point first, as a user's program imports it (LangGraph.js's Node set-up).
      const entrySetup = join(copy!.tmp, `setup-${label}.ts`);
      writeFileSync(entrySetup, `import ${JSON.stringify(files.get('.'))};\n`);
      const setupFiles = [entrySetup, ...suiteSetup];
      const base: Omit<RunPlan, 'include' | 'events'> = {
        root: pkg, src, standIns: standIns(imports, entries, files), entryFiles: Object.fromEntries(files),
        setupFiles, testTimeout: opts.timeoutMs, maxWorkers: opts.workers,
      };
      const sideOpts: SideOptions = {
        label, tmp: copy!.tmp, vitestBin: join(REPO, 'node_modules/vitest/vitest.mjs'),
        configFactory: join(HERE, 'vitest-config.ts'), stallMs: opts.stallMs, boundMs: opts.boundMs, children,
      };
      return { base, sideOpts };
    };
    const realSide = side('real', realFiles(entries));
    const real = await runSide(realSide.base, runnable, realSide.sideOpts);
    console.log(`LangGraph.js ${version}: ${real.results.length} results in ${real.seconds.toFixed(0)} s (${real.processes} Vitest process(es))`);
    const first = joinRuns(sitesByFile, real, undefined);
    const denominatorFiles = first.files.filter((f) => f.denominator > 0).map((f) => f.file);
    const engineSide = side('engine', engineFiles(entries, opts.engine));
    const engine = await runSide(engineSide.base, denominatorFiles, engineSide.sideOpts);
    console.log(`our engine: ${engine.results.length} results in ${engine.seconds.toFixed(0)} s (${engine.processes} Vitest process(es))\n`);

    const { rows, figures, files } = joinRuns(sitesByFile, real, engine);
    const failureGroups = groups(rows);
    printReport(figures, files, failureGroups, exclusions(sitesByFile), version, opts.top);
    if (opts.baseline) {
      const { gained, lost } = changes(JSON.parse(readFileSync(opts.baseline, 'utf8')) as { tests: Row[] }, rows);
      console.log(`\n== since ${opts.baseline}: ${gained.length} newly passing, ${lost.length} newly failing`);
      for (const k of gained) console.log(`  + ${k}`);
      for (const k of lost) console.log(`  - ${k}`);
    }
    if (opts.json) {
      writeFileSync(opts.json, JSON.stringify({
        suite: copy.origin, reference: version, engine: opts.engine, date: new Date().toISOString(),
        figures, categories: byCategory(files), files, groups: failureGroups, tests: rows,
      }, null, 1));
      console.log(`\nper-test results: ${opts.json}`);
    }
  } finally {
    cleanup();
    if (opts.keep && copy) console.log(`kept: ${copy.tmp}`);
  }
}

function printReport(
  f: Figures, files: FileLine[], failureGroups: Group[], excluded: Array<[string, number]>, version: string, top: number,
): void {
  console.log('== figures');
  console.log(`test files measured:                 ${f.filesMeasured} (${f.filesSelected} with selected tests)`);
  console.log(`test call sites (static):            ${f.staticSites}, using only the public API: ${f.staticSelected}`);
  console.log(`tests selected (as run):             ${f.testsSelected}${f.suiteSkipped ? ` (${f.suiteSkipped} skipped by the suite itself)` : ''}${f.unmatched ? `; ${f.unmatched} results matched no call site and are left out` : ''}`);
  console.log(`tests LangGraph.js ${version} passes:     ${f.denominator}  <- denominator`);
  console.log(`tests our engine passes among them:  ${f.enginePasses} of ${f.denominator} (${pct(f.enginePasses, f.denominator)})`);
  console.log('\n== by category (files / selected / 1.7.3 passes / ours passes)');
  for (const c of byCategory(files)) {
    console.log(`${String(c.files).padStart(5)} ${String(c.selected).padStart(5)} ${String(c.denominator).padStart(5)} ${String(c.enginePasses).padStart(5)}  ${c.category} (${pct(c.enginePasses, c.denominator)})`);
  }
  console.log('\n== by file (selected / 1.7.3 passes / ours passes)');
  for (const l of files.filter((x) => x.selected > 0).sort((a, b) => (b.denominator - b.enginePasses) - (a.denominator - a.enginePasses))) {
    const err = l.engineFileError && l.enginePasses === 0 && l.denominator > 0 ? `   [${l.engineFileError.split('\n')[0].slice(0, 100)}]` : '';
    console.log(`${String(l.selected).padStart(5)} ${String(l.denominator).padStart(5)} ${String(l.enginePasses).padStart(5)}  ${l.file}${err}`);
  }
  console.log(`\n== our failures by first error line (top ${top} of ${failureGroups.length} groups)`);
  for (const g of failureGroups.slice(0, top)) {
    const where = Object.entries(g.files).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([file, n]) => `${file.replace(/^src\//, '')} ${n}`).join(', ');
    const at = g.thrownAt.length > 0 ? `; thrown while collecting at ${g.thrownAt.slice(0, 3).join(', ')}` : '';
    console.log(`${String(g.count).padStart(5)} × ${g.reason}\n          (${where}${at})`);
  }
  console.log(`\n== tests left out for private bindings (top 10 of ${excluded.length})`);
  for (const [binding, n] of excluded.slice(0, 10)) console.log(`${String(n).padStart(5)} × ${binding}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
