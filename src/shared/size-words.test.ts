import { describe, expect, it } from 'vitest';
import { sizeInWords } from './size-words';

describe('sizeInWords', () => {
  it.each([
    [0, '0 B'], [812, '812 B'], [1024, '1 KB'], [4.5 * 1024, '4.5 KB'], [65 * 1024 * 1024, '65 MB'],
    [1.5 * 1024 ** 3, '1.5 GB'], [-3, '0 B'], [2048 * 1024 ** 4, '2048 TB'],
  ])('%d bytes read "%s"', (bytes, words) => {
    expect(sizeInWords(bytes)).toBe(words);
  });
});
