/** Following files from Node as the app follows them over HTTP: the same range reads, by `fs`. */
import { readRange, type FollowedFile } from '../../scripts/follow/files';
import type { FollowedFileRef } from '../../src/formats/follow/snapshot';

/** The followed files as the snapshot reads them. */
export function nodeRefs(files: readonly FollowedFile[], onRead?: (name: string) => void): FollowedFileRef[] {
  return files.map((f) => ({
    name: f.name,
    read(offset, length) {
      onRead?.(f.name);
      const r = readRange(f.path, offset, length);
      return r && { bytes: new Uint8Array(r.bytes.buffer, r.bytes.byteOffset, r.bytes.length), version: r.version };
    },
  }));
}
