/**
 * The test-framework surface the conformance suite needs, declared structurally so the suite runs
 * under any runner with Vitest/Jest-style `describe`/`it`/`expect` (Node or a real browser) without
 * importing one.
 */
import type { BaseCheckpointSaver } from '../types';

/** The assertions the suite uses (a subset of Vitest's `expect(…)`). */
export interface Assertion {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toBeUndefined(): void;
  toBeDefined(): void;
  toBeInstanceOf(expected: abstract new (...args: never[]) => unknown): void;
  toMatch(expected: string | RegExp): void;
  toBeLessThan(expected: number): void;
  not: { toBe(expected: unknown): void; toHaveProperty(key: string): void };
  toHaveProperty(key: string): void;
  rejects: {
    toThrow(expected?: string | RegExp): Promise<void>;
    toBeInstanceOf(expected: abstract new (...args: never[]) => unknown): Promise<void>;
    toMatchObject(expected: object): Promise<void>;
  };
}

/** `describe`, `it` and `expect` of the runner hosting the suite. */
export interface TestApi {
  describe(name: string, body: () => void): void;
  it(name: string, body: () => Promise<void>): void;
  expect(actual: unknown): Assertion;
}

/** Makes a fresh, empty saver for one test. */
export type SaverFactory = () => Promise<BaseCheckpointSaver>;

/**
 * A saver that can report how many distinct channel versions one thread stores a value of, however
 * many checkpoints share each (a storage-size probe: one per channel version, never one per checkpoint).
 */
export interface VersionCounter {
  countStoredVersions(threadId: string): Promise<number>;
}

/** Whether `saver` offers the blob-count probe. */
export function hasVersionCounter(saver: BaseCheckpointSaver): saver is BaseCheckpointSaver & VersionCounter {
  return typeof (saver as Partial<VersionCounter>).countStoredVersions === 'function';
}
