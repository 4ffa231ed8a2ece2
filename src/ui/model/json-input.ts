/** Parsing of the JSON fields the user types (run input, resume value, fork values). */
import type { Json } from '../../protocol/dto';

/** A parsed field: the value, or a message saying what is wrong and where. */
export type JsonParse = { ok: true; value: Json } | { ok: false; message: string };

/** Parses `text` as JSON; an empty field is an error so nothing is sent by accident. */
export function parseJsonInput(text: string): JsonParse {
  if (text.trim() === '') return { ok: false, message: 'Enter a JSON value (for example {} or null).' };
  try {
    return { ok: true, value: JSON.parse(text) as Json };
  } catch (e) {
    return { ok: false, message: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** Parses `text` as a JSON object (state values must be an object of channel names). */
export function parseJsonObject(text: string): { ok: true; value: Record<string, Json> } | { ok: false; message: string } {
  const r = parseJsonInput(text);
  if (!r.ok) return r;
  if (typeof r.value !== 'object' || r.value === null || Array.isArray(r.value)) {
    return { ok: false, message: 'Expected a JSON object of channel names to values.' };
  }
  return { ok: true, value: r.value };
}

/** Pretty text for a JSON value, used to prefill editors. */
export function toJsonText(value: Json | undefined): string {
  return JSON.stringify(value ?? null, null, 2);
}
