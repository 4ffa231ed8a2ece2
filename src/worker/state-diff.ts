/**
 * What changed in a checkpoint's state against its parent's, computed in the storage worker with
 * microdiff on the full values (never on the page: a 250,000-value state takes seconds to diff
 * there). Each change's values are cut small for display; the changes are read a page at a time.
 */
import microdiff from 'microdiff';
import type { Json, StateChangeDTO } from '../protocol/dto';
import { boundJson, SMALL_BOUNDS } from './bounded-json';

/** Renders a microdiff path as `a.b[2].c`. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out === '' ? part : `.${part}`;
  return out === '' ? '(root)' : out;
}

const small = (v: unknown) => boundJson(v as Json, SMALL_BOUNDS).value;

/** The changes from `parent` to `values`; every key is added when there is no parent. */
export function diffStates(parent: Record<string, Json> | null, values: Record<string, Json>): StateChangeDTO[] {
  const changes = microdiff(parent ?? {}, values);
  return changes.map((c): StateChangeDTO => {
    const path = formatPath(c.path);
    if (c.type === 'CREATE') return { kind: 'added', path, value: small(c.value) };
    if (c.type === 'REMOVE') return { kind: 'removed', path, value: small(c.oldValue) };
    return { kind: 'changed', path, from: small(c.oldValue), to: small(c.value) };
  });
}
