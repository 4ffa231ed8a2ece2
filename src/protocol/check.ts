/**
 * Small validators for data arriving over a boundary, in the field-table style of guards.ts: each
 * returns null when the value is fine, else a short phrase saying what was expected. Callers prefix
 * the field name (`field "threadId" must be …`).
 */
import { WIRE_LIMITS } from './limits';
import { storableProblem, problemText } from './storable';
import type { ValueLimits } from './limits';

/** A checker: null when fine, else what was expected. */
export type Check = (value: unknown) => string | null;

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A non-empty id of at most `max` characters. */
export const id = (max = WIRE_LIMITS.maxIdLength): Check => (v) =>
  typeof v === 'string' && v.length > 0 && v.length <= max ? null : `a non-empty string of at most ${max} characters`;

/** A string of at most `max` characters (may be empty). */
export const text = (max = WIRE_LIMITS.maxIdLength): Check => (v) =>
  typeof v === 'string' && v.length <= max ? null : `a string of at most ${max} characters`;

/** An integer in [min, max]. */
export const int = (min: number, max: number): Check => (v) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? null : `an integer from ${min} to ${max}`;

export const bool: Check = (v) => (typeof v === 'boolean' ? null : 'true or false');

/** One of the given literals. */
export const oneOf = (...values: readonly unknown[]): Check => (v) => (values.includes(v) ? null : `one of ${values.map((x) => JSON.stringify(x)).join(', ')}`);

/** `check`, or absent. */
export const optional = (check: Check): Check => (v) => (v === undefined ? null : check(v));

/** `check`, or null. */
export const nullable = (check: Check): Check => (v) => (v === null ? null : check(v));

/** A list of at most `max` items, each passing `check`. */
export const list = (check: Check, max = WIRE_LIMITS.maxListLength): Check => (v) => {
  if (!Array.isArray(v) || v.length > max) return `a list of at most ${max} items`;
  for (const [i, x] of v.entries()) {
    const p = check(x);
    if (p) return `a list whose items are ${p} (item ${i} is not)`;
  }
  return null;
};

/** A record of at most `max` entries with `key` keys and `value` values. */
export const record = (key: Check, value: Check, max = 100_000): Check => (v) => {
  if (!isObject(v)) return 'an object';
  const keys = Object.keys(v);
  if (keys.length > max) return `an object of at most ${max} keys`;
  for (const k of keys) {
    if (key(k)) return `an object whose keys are ${key(k)}`;
    const p = value(v[k]);
    if (p) return `an object whose values are ${p} (at "${k.slice(0, 60)}")`;
  }
  return null;
};

/** Plain JSON data within `limits` (no undefined, no non-finite number, only plain objects). */
export const json = (limits: ValueLimits): Check => (v) => {
  const p = storableProblem(v, limits, true);
  return p ? `JSON data (${problemText('the value', p)})` : null;
};

/**
 * Checks an object against a field table.
 * @returns null, or `field "name" must be …` for the first field that fails
 */
export function fields(v: unknown, table: Record<string, Check>): string | null {
  if (!isObject(v)) return 'the message must be an object';
  for (const [name, check] of Object.entries(table)) {
    const p = check(v[name]);
    if (p) return `field "${name}" must be ${p}`;
  }
  return null;
}

/** A field-table check as a Check (for nested objects). */
export const shape = (table: Record<string, Check>): Check => (v) => {
  const p = fields(v, table);
  return p ? `an object whose ${p}` : null;
};
