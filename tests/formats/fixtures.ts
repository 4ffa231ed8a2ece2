/**
 * The committed checkpoint fixtures (`tests/fixtures/checkpoints`, made by `scripts/fixtures/*`)
 * and small helpers to open them as the worker would: from bytes, through `openCheckpointSource`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { bytesSource, openCheckpointSource, type ByteSource, type CheckpointSource, type OpenOptions } from '../../src/formats/index';

export const FIXTURES = join(process.cwd(), 'tests/fixtures/checkpoints');

/** A fixture file's bytes. */
export const fixtureBytes = (path: string): Uint8Array => new Uint8Array(readFileSync(join(FIXTURES, path)));

/** A fixture file as a ByteSource named like the file. */
export const fixture = (path: string): ByteSource => bytesSource(path.split('/').pop()!, fixtureBytes(path));

/** Opens files that must open. */
export async function open(files: ByteSource[], options?: OpenOptions): Promise<CheckpointSource> {
  const result = await openCheckpointSource(files, options);
  if (!result.ok) expect.fail(`${result.error.code}: ${result.error.message}`);
  return result.source;
}

/** The error code and message of files that must be refused. */
export async function refusal(files: ByteSource[], options?: OpenOptions): Promise<{ code: string; message: string }> {
  const result = await openCheckpointSource(files, options);
  if (result.ok) {
    result.source.close();
    expect.fail('expected the files to be refused');
  }
  return { code: result.error.code, message: result.error.message };
}

/** Every checkpoint id of a source: `thread/ns/id`, sorted. */
export async function allIds(source: CheckpointSource): Promise<string[]> {
  const out: string[] = [];
  for (const t of await source.listThreads()) {
    for (const ns of await source.listNamespaces(t.threadId)) {
      for (const c of await source.listCheckpoints(t.threadId, ns.checkpointNs, { limit: 1000 })) out.push(`${t.threadId}/${ns.checkpointNs}/${c.checkpointId}`);
    }
  }
  return out.sort();
}
