/** Large values cut for the page: where a detail was cut, the slices read on, and the state diff read a page at a time. */
import type { Json } from './dto-json';

/** The fields of a checkpoint detail that can be large, and cut for the page. */
export type DetailField = 'values' | 'raw' | 'metadata';

/**
 * Where a value of a checkpoint detail was cut before it was sent to the page: the array or object
 * at `path` shows its first `shown` of `total` entries (or the string its first `shown` characters).
 * The rest is read with `rg/checkpoint.slice`.
 */
export interface TruncationDTO {
  /** Keys and indexes from the field's root (`[]`: the field itself). */
  path: (string | number)[];
  unit: 'entries' | 'chars';
  total: number;
  shown: number;
}

/** A page of a cut value: entries (each cut small) or characters. */
export interface SliceDTO {
  entries?: [key: string | number, value: Json][];
  text?: string;
  total: number;
  truncated: TruncationDTO[];
}

/** One difference of a checkpoint's state against its parent's (values cut small). */
export type StateChangeDTO =
  | { kind: 'added'; path: string; value: Json }
  | { kind: 'changed'; path: string; from: Json; to: Json }
  | { kind: 'removed'; path: string; value: Json };
