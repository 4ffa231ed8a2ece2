/**
 * UTF-8 text. `TextEncoder`/`TextDecoder` exist in every runtime this layer runs in (workers,
 * browsers, Node), but not in the ES library it is type-checked with, so they are declared here.
 */
interface Utf8Decoder {
  decode(bytes: Uint8Array): string;
}
interface Utf8Encoder {
  encode(text: string): Uint8Array;
}
// Module-scoped declarations: they name the runtime's globals without clashing with a DOM library's.
declare const TextDecoder: new (label: string, options?: { fatal?: boolean }) => Utf8Decoder;
declare const TextEncoder: new () => Utf8Encoder;

/** Decodes UTF-8, throwing a TypeError on invalid bytes. */
export const strictUtf8: Utf8Decoder = new TextDecoder('utf-8', { fatal: true });
/** Decodes UTF-8, replacing invalid bytes with U+FFFD. */
export const lenientUtf8: Utf8Decoder = new TextDecoder('utf-8');
/** Encodes text as UTF-8. */
export const utf8Encoder: Utf8Encoder = new TextEncoder();
