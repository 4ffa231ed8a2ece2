/**
 * The suite under measurement: a temporary copy of LangGraph.js's `libs/langgraph-core`, taken at
 * run time from a checkout (work tree or bare git directory), and the rule that picks its test
 * files. Nothing of the suite is ever written inside this repository.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, sep } from 'node:path';

/** Where the temporary copy lives. `pkg` is the copied `libs/langgraph-core`, `src` its sources. */
export interface SuiteCopy {
  tmp: string;
  pkg: string;
  src: string;
  /** What was copied, for the printed header: a path, plus the commit when read from git. */
  origin: string;
}

const CORE = join('libs', 'langgraph-core');

function isGitDir(path: string): boolean {
  return existsSync(join(path, 'HEAD')) && existsSync(join(path, 'objects')) && existsSync(join(path, 'refs'));
}

function git(gitDir: string, args: string[]): Buffer {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 512 * 1024 * 1024 });
}

/**
 * Copies the suite into a new temporary directory. `suite` may be a langgraphjs work tree, its
 * `libs/langgraph-core` directory, or a git directory without work tree (read at `ref`). The copy
 * gets a `node_modules` link to ours (so the suite's bare imports resolve to our installed
 * packages) and a minimal tsconfig (the suite's own extends a package we do not install).
 */
export function copySuite(suite: string, ref: string, repoRoot: string): SuiteCopy {
  const tmp = mkdtempSync(join(tmpdir(), 'yardstick-'));
  const pkg = join(tmp, CORE);
  let origin: string;
  if (isGitDir(suite)) {
    const commit = git(suite, ['rev-parse', ref]).toString().trim();
    const archive = git(suite, ['archive', '--format=tar', commit, `${CORE.split(sep).join('/')}`]);
    execFileSync('tar', ['-x', '-C', tmp], { input: archive, maxBuffer: 512 * 1024 * 1024 });
    origin = `${suite} @ ${commit.slice(0, 12)} (${git(suite, ['show', '-s', '--format=%cs', commit]).toString().trim()})`;
  } else {
    const source = existsSync(join(suite, CORE)) ? join(suite, CORE) : suite;
    if (!existsSync(join(source, 'src')) || !existsSync(join(source, 'package.json'))) {
      throw new Error(`${suite} is neither a langgraphjs checkout, nor its libs/langgraph-core, nor a git directory`);
    }
    mkdirSync(pkg, { recursive: true });
    cpSync(join(source, 'src'), join(pkg, 'src'), { recursive: true });
    cpSync(join(source, 'package.json'), join(pkg, 'package.json'));
    origin = source;
  }
  symlinkSync(join(repoRoot, 'node_modules'), join(pkg, 'node_modules'), 'dir');
  writeFileSync(
    join(pkg, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', useDefineForClassFields: true, strict: true } }),
  );
  return { tmp, pkg, src: join(pkg, 'src'), origin };
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/** All `.ts` files under the suite's `src`, as absolute paths. */
export function sourceFiles(src: string): string[] {
  return walk(src).filter((f) => f.endsWith('.ts'));
}

/** Why a test file is left out, or `undefined` when it is selected. */
export function fileExclusion(relPath: string): string | undefined {
  const name = basename(relPath);
  if (!name.endsWith('.test.ts')) return 'not a test file';
  if (name.endsWith('.int.test.ts')) return 'integration test (needs network or services)';
  if (name.endsWith('.bench.test.ts')) return 'benchmark';
  if (/postgres/i.test(name)) return 'needs Postgres';
  if (/(^|[-_.])remote/i.test(name)) return 'RemoteGraph: a client of a LangGraph server, not the engine';
  return undefined;
}

/** The kind of a suite source file, which decides how its imports are treated. */
export type ModuleKind = 'test' | 'helper' | 'library';

/**
 * Test files end in `.test.ts`/`.test-d.ts`. Helpers are the suite's own test utilities: files
 * under a `tests/` directory or whose name says `test` (`stream/test-utils.ts`). Every other file
 * is the library: a test reaches it only through the public entry points.
 */
export function moduleKind(relPath: string): ModuleKind {
  const name = basename(relPath);
  if (/\.test(-d)?\.ts$/.test(name)) return 'test';
  if (relPath.split(/[\\/]/).includes('tests') || /test/i.test(name)) return 'helper';
  return 'library';
}

/** `relative` with forward slashes: the suite's paths as printed and keyed. */
export function rel(from: string, to: string): string {
  return relative(from, to).split(sep).join('/');
}
