import { describe, expect, it } from 'vitest';
import type { Json } from '../../../protocol/dto';
import { flattenRows, initialExpanded, pathKey, truncationIndex, type LoadedPage, type TreeRow } from './rows';

const text = (rows: TreeRow[]) => rows.map((r) => `${'  '.repeat(r.depth)}${r.type === 'more' ? `more ${r.left}` : `${r.label ?? '(root)'}${r.container ? (r.expanded ? ' v' : ' >') : `=${JSON.stringify(r.value)}`}`}`);

describe('json tree rows', () => {
  it('shows the expanded part in order, with a "show more" row after a cut container', () => {
    const root: Json = { list: [1, 2], nested: { deep: { x: 1 } }, s: 'abc' };
    const rows = flattenRows({
      root, cuts: truncationIndex([{ path: ['list'], unit: 'entries', total: 5, shown: 2 }, { path: ['s'], unit: 'chars', total: 10, shown: 3 }]),
      pages: new Map(), expanded: initialExpanded(root),
    });
    expect(text(rows)).toEqual(['(root) v', '  list v', '    0=1', '    1=2', '    more 3', '  nested v', '    deep >', '  s="abc"', '    more 7']);
  });

  it('appends loaded pages and drops the "show more" row once everything is shown', () => {
    const root: Json = { list: [1, 2] };
    const cuts = truncationIndex([{ path: ['list'], unit: 'entries', total: 4, shown: 2 }]);
    const pages = new Map<string, LoadedPage[]>([[pathKey(['list']), [{ entries: [[2, 3], [3, 4]] }]]]);
    expect(text(flattenRows({ root, cuts, pages, expanded: initialExpanded(root) }))).toEqual(['(root) v', '  list v', '    0=1', '    1=2', '    2=3', '    3=4']);
  });

  it('costs the expanded rows, not the value: a cut 200,000-element array is 101 rows', () => {
    const shown = Array.from({ length: 100 }, (_, i) => i);
    const rows = flattenRows({ root: { long: shown }, cuts: truncationIndex([{ path: ['long'], unit: 'entries', total: 200_000, shown: 100 }]), pages: new Map(), expanded: initialExpanded({ long: shown }) });
    expect(rows).toHaveLength(1 + 1 + 100 + 1);
    expect(rows.at(-1)).toMatchObject({ type: 'more', left: 199_900 });
  });

  it('keeps markup as text and a __proto__ key as a key', () => {
    const root = JSON.parse('{"__proto__": {"a": "<img src=x onerror=alert(1)>"}}') as Json;
    const rows = flattenRows({ root, cuts: new Map(), pages: new Map(), expanded: new Set([pathKey([]), pathKey(['__proto__'])]) });
    expect(text(rows)).toEqual(['(root) v', '  __proto__ v', '    a="<img src=x onerror=alert(1)>"']);
  });
});
