/// <reference lib="webworker" />
/**
 * The decode worker: a module worker the storage worker starts on demand (`decode-client.ts`)
 * to decode large stored values of opened checkpoint files, so the storage worker keeps answering
 * while a 10 MB checkpoint is decoded. A thin shell around `decodeTyped` (pure, in src/formats):
 * each request is `{ id, blob, limits }` (the bytes transferred, not copied) and each answer
 * `{ id, value }`, the decoded plain value, or `{ id, error }`.
 */
import type { DecodeLimits } from '../../formats/options';
import { decodeTyped, type TypedBlob } from '../../formats/serde/typed';

declare const self: DedicatedWorkerGlobalScope;

/** A request to the decode worker. */
export interface DecodeRequest {
  id: number;
  blob: TypedBlob;
  limits: DecodeLimits;
}

/** Its answer. */
export type DecodeAnswer = { id: number; value: unknown } | { id: number; error: string };

self.addEventListener('message', (ev: MessageEvent<DecodeRequest>) => {
  const { id, blob, limits } = ev.data;
  let answer: DecodeAnswer;
  try {
    answer = { id, value: decodeTyped(blob, limits) };
  } catch (err) {
    answer = { id, error: err instanceof Error ? err.message : String(err) };
  }
  self.postMessage(answer);
});
