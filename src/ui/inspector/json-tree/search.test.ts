import { describe, expect, it } from 'vitest';
import type { Json } from '../../../protocol/dto';
import { flattenRows, pathKey, type LoadedPage, type TreeRow } from './rows';
import { pathText, searchTree, splitMatch } from './search';

const text = (rows: TreeRow[]) => rows.map((r) => `${'  '.repeat(r.depth)}${r.type === 'more' ? `more ${r.left}` : `${r.label ?? '(root)'}${r.container ? (r.expanded ? ' v' : ' >') : `=${JSON.stringify(r.value)}`}${r.match ? ' *' : ''}`}`);

const root: Json = {
  messages: [{ role: 'user', content: 'Write an essay' }, { role: 'ai', content: 'Here is a draft' }],
  meta: { Essay: true, words: 120, deep: { deeper: { note: 'about essays' } } },
  other: { x: 1 },
};

describe('json tree search', () => {
  it('finds keys and scalar values case-insensitively, with the containers leading to them', () => {
    const found = searchTree({ root, pages: new Map() }, '  ESSAY ');
    expect([...found.matches].sort()).toEqual([pathKey(['messages', 0, 'content']), pathKey(['meta', 'Essay']), pathKey(['meta', 'deep', 'deeper', 'note'])].sort());
    expect(found.ancestors).toEqual(new Set([pathKey([]), pathKey(['messages']), pathKey(['messages', 0]), pathKey(['meta']), pathKey(['meta', 'deep']), pathKey(['meta', 'deep', 'deeper'])]));
    expect(searchTree({ root, pages: new Map() }, '120').matches).toEqual(new Set([pathKey(['meta', 'words'])]));
    expect(searchTree({ root, pages: new Map() }, '').matches.size).toBe(0);
  });

  it('searches the pages loaded with "show more" too', () => {
    const pages = new Map<string, LoadedPage[]>([[pathKey(['other']), [{ entries: [['late', 'needle']] }]]]);
    expect(searchTree({ root, pages }, 'needle').matches).toEqual(new Set([pathKey(['other', 'late'])]));
  });

  it('marks matches and opens their ancestors; "only matches" hides the rest but keeps what lies inside a match', () => {
    const found = searchTree({ root, pages: new Map() }, 'meta');
    const base = { root, cuts: new Map(), pages: new Map(), expanded: new Set([pathKey([])]) };
    expect(text(flattenRows({ ...base, search: { ...found, only: false } }))).toEqual(['(root) v', '  messages >', '  meta > *', '  other >']);
    expect(text(flattenRows({ ...base, expanded: new Set([pathKey([]), pathKey(['meta'])]), search: { ...found, only: true } }))).toEqual([
      '(root) v', '  meta v *', '    Essay=true', '    words=120', '    deep >',
    ]);
    const deep = searchTree({ root, pages: new Map() }, 'about');
    expect(text(flattenRows({ ...base, search: { ...deep, only: true } }))).toEqual(['(root) v', '  meta v', '    deep v', '      deeper v', '        note="about essays" *']);
  });

  it('writes paths as accessors and splits text around a match', () => {
    expect(pathText([])).toBe('(root)');
    expect(pathText(['messages', 0, 'content'])).toBe('messages[0].content');
    expect(pathText(['a key', 'x-y', '$ok'])).toBe('["a key"]["x-y"].$ok');
    expect(splitMatch('Write an Essay', 'essay')).toEqual(['Write an ', 'Essay', '']);
    expect(splitMatch('nothing', 'essay')).toBeNull();
  });
});
