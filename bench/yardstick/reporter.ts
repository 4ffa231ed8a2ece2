/**
 * A Vitest reporter that appends one JSON line per event to a file as the run goes, so a run
 * that is killed (a hanging test file) still leaves every result reported before.
 */
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

/** One line of the event file. */
export type RunEvent =
  | { t: 'start'; file: string }
  | { t: 'test'; file: string; name: string; line?: number; column?: number; state: string; error?: string }
  | { t: 'end'; file: string; state: string; errors: string[] }
  | { t: 'run-end'; unhandled: string[] };

/** An error as the report shows it: `Name: message`, without the stack. */
export function errorText(e: { name?: string; message?: string } | undefined): string {
  if (!e) return 'unknown error';
  const name = e.name && e.name !== 'Error' ? `${e.name}: ` : '';
  return `${name}${e.message ?? ''}`;
}

interface Located {
  name?: string;
  message?: string;
  stacks?: ReadonlyArray<{ file: string; line: number }>;
}

/**
 * A file-level error (the file failed while loading or collecting its tests) with the place in
 * the suite where it was thrown, since one missing export there costs every test of the file.
 */
function fileErrorText(e: Located, root: string): string {
  const frame = e.stacks?.find((s) => s.file.startsWith(root) && !s.file.includes('/node_modules/'));
  return frame ? `${errorText(e)} (at ${relative(root, frame.file)}:${frame.line})` : errorText(e);
}

/** Writes `RunEvent`s to `path`; `root` is the suite package, for locations. */
export class EventFileReporter implements Reporter {
  constructor(private readonly path: string, private readonly root: string) {}

  private write(event: RunEvent): void {
    appendFileSync(this.path, JSON.stringify(event) + '\n');
  }

  onTestModuleStart(module: TestModule): void {
    this.write({ t: 'start', file: module.moduleId });
  }

  onTestCaseResult(test: TestCase): void {
    const result = test.result();
    this.write({
      t: 'test', file: test.module.moduleId, name: test.fullName, line: test.location?.line, column: test.location?.column,
      state: result.state, error: result.state === 'failed' ? errorText(result.errors[0]) : undefined,
    });
  }

  onTestModuleEnd(module: TestModule): void {
    this.write({ t: 'end', file: module.moduleId, state: module.state(), errors: module.errors().map((e) => fileErrorText(e, this.root)) });
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<{ name?: string; message?: string }>): void {
    this.write({ t: 'run-end', unhandled: unhandled.map(errorText) });
  }
}
