/**
 * A structural pass over msgpack bytes, before decoding, that finds the first string which is
 * not valid UTF-8. `@msgpack/msgpack` decodes short strings with its own UTF-8 decoder, which
 * turns invalid bytes into unrelated characters instead of failing; Python never writes such
 * strings, so a blob holding one is hostile or damaged and is shown as opaque instead.
 *
 * Iterative (a count of items left per open container), so nesting depth costs no stack; LangGraph
 * extension payloads (codes 0–7) are msgpack themselves and are scanned the same way.
 */
import { strictUtf8 } from '../bytes/text';

/** Why the bytes are not sound msgpack, or undefined when every string is valid UTF-8. */
export function scanMsgpack(bytes: Uint8Array): string | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const work: [start: number, end: number][] = [[0, bytes.length]];
  while (work.length) {
    const [start, end] = work.pop()!;
    let pos = start;
    let pending = 1; // items still to read at this level, counted flat (containers add their children)
    const need = (n: number) => {
      if (pos + n > end) throw new RangeError('msgpack ends early');
    };
    try {
      while (pending > 0) {
        pending--;
        need(1);
        const b = bytes[pos++]!;
        let len = -1; // string bytes to check
        let skip = 0; // bytes to skip
        let extType: number | undefined;
        if (b <= 0x7f || b >= 0xe0 || b === 0xc0 || b === 0xc2 || b === 0xc3) continue;
        if (b >= 0x80 && b <= 0x8f) pending += 2 * (b & 0x0f);
        else if (b >= 0x90 && b <= 0x9f) pending += b & 0x0f;
        else if (b >= 0xa0 && b <= 0xbf) len = b & 0x1f;
        else {
          switch (b) {
            case 0xd9: need(1); len = bytes[pos++]!; break;
            case 0xda: need(2); len = view.getUint16(pos); pos += 2; break;
            case 0xdb: need(4); len = view.getUint32(pos); pos += 4; break;
            case 0xc4: need(1); skip = bytes[pos++]!; break;
            case 0xc5: need(2); skip = view.getUint16(pos); pos += 2; break;
            case 0xc6: need(4); skip = view.getUint32(pos); pos += 4; break;
            case 0xcc: case 0xd0: skip = 1; break;
            case 0xcd: case 0xd1: skip = 2; break;
            case 0xca: case 0xce: case 0xd2: skip = 4; break;
            case 0xcb: case 0xcf: case 0xd3: skip = 8; break;
            case 0xdc: need(2); pending += view.getUint16(pos); pos += 2; break;
            case 0xdd: need(4); pending += view.getUint32(pos); pos += 4; break;
            case 0xde: need(2); pending += 2 * view.getUint16(pos); pos += 2; break;
            case 0xdf: need(4); pending += 2 * view.getUint32(pos); pos += 4; break;
            case 0xd4: case 0xd5: case 0xd6: case 0xd7: case 0xd8:
              need(1);
              extType = view.getInt8(pos++);
              skip = 1 << (b - 0xd4);
              break;
            case 0xc7: need(2); skip = bytes[pos]!; extType = view.getInt8(pos + 1); pos += 2; break;
            case 0xc8: need(3); skip = view.getUint16(pos); extType = view.getInt8(pos + 2); pos += 3; break;
            case 0xc9: need(5); skip = view.getUint32(pos); extType = view.getInt8(pos + 4); pos += 5; break;
            default:
              return `byte 0x${b.toString(16)} at ${pos - 1} is not msgpack`;
          }
        }
        if (pending > end - pos) return 'a container declares more items than the blob holds';
        if (len >= 0) {
          need(len);
          try {
            strictUtf8.decode(bytes.subarray(pos, pos + len));
          } catch {
            return `the string at byte ${pos} is not valid UTF-8`;
          }
          pos += len;
        } else if (skip) {
          need(skip);
          if (extType !== undefined && extType >= 0 && extType <= 7) work.push([pos, pos + skip]);
          pos += skip;
        }
      }
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }
  return undefined;
}
