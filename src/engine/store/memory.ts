/**
 * `InMemoryStore`: the store in a Map, with LangGraph's semantics — namespaced items, filters,
 * paging, namespace listing and, given an embedding index, similarity search over chosen fields.
 * Values are copied in and out (structured-clone semantics), so a caller never shares an object
 * with the store.
 */
import { copyValue } from '../checkpoint/copy';
import {
  BaseStore,
  validateNamespace,
  type GetOperation,
  type Item,
  type ListNamespacesOperation,
  type Operation,
  type OperationResults,
  type PutOperation,
  type SearchItem,
  type SearchOperation,
} from './base';
import { compareValues, cosineSimilarities, matchesCondition, textsAtPath, tokenizePath } from './match';

/** What an embedding index needs: LangChain's `Embeddings` fits. */
export interface EmbeddingsLike {
  embedDocuments(texts: string[]): Promise<number[][]>;
  embedQuery(text: string): Promise<number[]>;
}

/** The embedding index of a store: which fields of each value are embedded, and how. */
export interface IndexConfig {
  /** Vector size (informative). */
  dims: number;
  embeddings: EmbeddingsLike;
  /** Field paths to embed. @default ['$'] (the whole value as JSON) */
  fields?: string[];
}

const SEP = ':';
const nsKey = (ns: readonly string[]) => ns.join(SEP);

function checkNamespace(namespace: readonly unknown[]): void {
  validateNamespace(namespace, { allowReservedRoot: true });
}

const copyItem = <T extends Item>(item: T): T => ({ ...item, value: copyValue(item.value), namespace: [...item.namespace] });

/** A store kept in memory (lost with the process), as LangGraph.js's `InMemoryStore`. */
export class InMemoryStore extends BaseStore {
  /** Namespace key (`a:b`) → item key → item. */
  private readonly data = new Map<string, Map<string, Item>>();
  /** Namespace key → item key → field path → vector. */
  private readonly vectors = new Map<string, Map<string, Map<string, number[]>>>();
  private readonly index?: IndexConfig & { tokenized: [string, string[]][] };

  /** @param options `index`: embed values so that `search({ query })` ranks by similarity */
  constructor(options?: { index?: IndexConfig }) {
    super();
    if (options?.index) {
      const fields = options.index.fields ?? ['$'];
      this.index = { ...options.index, tokenized: fields.map((p) => [p, p === '$' ? [p] : tokenizePath(p)]) };
    }
  }

  /** The embedding index, if any. */
  get indexConfig(): IndexConfig | undefined {
    return this.index;
  }

  async batch<Ops extends Operation[]>(operations: Ops): Promise<OperationResults<Ops>> {
    const results: unknown[] = [];
    const puts = new Map<string, PutOperation>();
    const searches: [number, SearchOperation, Item[]][] = [];
    operations.forEach((op, i) => {
      if ('namespace' in op) checkNamespace(op.namespace);
      if ('namespacePrefix' in op) {
        searches.push([i, op, this.candidates(op)]);
        results.push(null);
      } else if ('value' in op) {
        // The last write of a key in a batch wins; writes apply after the batch's reads.
        puts.set(`${nsKey(op.namespace)}${SEP}${op.key}`, op);
        results.push(null);
      } else if ('key' in op) results.push(this.read(op));
      else results.push(this.listNamespacesOp(op as ListNamespacesOperation));
    });
    await this.rank(searches, results);
    if (puts.size > 0 && this.index) await this.embed([...puts.values()]);
    for (const op of puts.values()) this.write(op);
    return results as OperationResults<Ops>;
  }

  /**
   * Puts items back as they were stored, timestamps included (e.g. from a durable copy of this
   * store). Replaces an item with the same namespace and key; nothing is embedded.
   */
  restore(items: readonly Item[]): void {
    for (const item of items) {
      checkNamespace(item.namespace);
      const key = nsKey(item.namespace);
      let at = this.data.get(key);
      if (!at) this.data.set(key, (at = new Map()));
      at.set(item.key, copyItem(item));
    }
  }

  private read(op: GetOperation): Item | null {
    const item = this.data.get(nsKey(op.namespace))?.get(op.key);
    return item ? copyItem(item) : null;
  }

  private write(op: PutOperation): void {
    const key = nsKey(op.namespace);
    let items = this.data.get(key);
    if (!items) this.data.set(key, (items = new Map()));
    if (op.value === null) {
      items.delete(op.key);
      this.vectors.get(key)?.delete(op.key);
      return;
    }
    const now = new Date();
    const value = copyValue(op.value);
    const existing = items.get(op.key);
    if (existing) items.set(op.key, { ...existing, value, updatedAt: now });
    else items.set(op.key, { value, key: op.key, namespace: [...op.namespace], createdAt: now, updatedAt: now });
  }

  private candidates(op: SearchOperation): Item[] {
    if (op.namespacePrefix.length > 0) checkNamespace(op.namespacePrefix);
    const prefix = nsKey(op.namespacePrefix);
    const out: Item[] = [];
    for (const [ns, items] of this.data) {
      if (prefix === '' || ns === prefix || ns.startsWith(`${prefix}${SEP}`)) out.push(...items.values());
    }
    const filter = op.filter;
    return filter ? out.filter((item) => Object.entries(filter).every(([k, v]) => compareValues(item.value[k], v))) : out;
  }

  /** Fills the result of each search: ranked by similarity for a query on an indexed store, else paged. */
  private async rank(searches: [number, SearchOperation, Item[]][], results: unknown[]): Promise<void> {
    const queries = this.index ? [...new Set(searches.map(([, op]) => op.query).filter((q): q is string => !!q))] : [];
    const vectors = new Map<string, number[]>();
    if (this.index && queries.length > 0) {
      const embedded = await Promise.all(queries.map((q) => this.index!.embeddings.embedQuery(q)));
      queries.forEach((q, i) => vectors.set(q, embedded[i]));
    }
    for (const [i, op, candidates] of searches) {
      const offset = op.offset ?? 0;
      const limit = op.limit ?? 10;
      const qv = op.query ? vectors.get(op.query) : undefined;
      results[i] = qv ? this.scored(candidates, qv, offset, limit) : candidates.slice(offset, offset + limit).map((it) => ({ ...copyItem(it), score: undefined }));
    }
  }

  /** Items by best field similarity (each item once), then unindexed items to fill the page. */
  private scored(candidates: Item[], query: number[], offset: number, limit: number): SearchItem[] {
    const flat: [Item, number[]][] = [];
    const unscored: Item[] = [];
    for (const item of candidates) {
      const vs = [...(this.vectors.get(nsKey(item.namespace))?.get(item.key)?.values() ?? [])];
      if (vs.length === 0) unscored.push(item);
      for (const v of vs) flat.push([item, v]);
    }
    const scores = cosineSimilarities(query, flat.map(([, v]) => v));
    const ranked = flat.map(([item], i) => [scores[i], item] as const).sort((a, b) => b[0] - a[0]);
    const seen = new Set<string>();
    const kept: SearchItem[] = [];
    const id = (it: Item) => `${nsKey(it.namespace)}${SEP}${it.key}`;
    for (const [score, item] of ranked) {
      if (seen.has(id(item))) continue;
      if (seen.size >= offset + limit) break;
      const skip = seen.size < offset;
      seen.add(id(item));
      if (!skip) kept.push({ ...copyItem(item), score });
    }
    for (const item of unscored) {
      if (kept.length >= limit) break;
      if (seen.has(id(item))) continue;
      seen.add(id(item));
      kept.push({ ...copyItem(item), score: undefined });
    }
    return kept;
  }

  /** Embeds the indexed fields of the values being written (one call for the whole batch). */
  private async embed(puts: PutOperation[]): Promise<void> {
    const index = this.index!;
    const byText = new Map<string, [string[], string, string][]>();
    for (const op of puts) {
      if (op.value === null || op.index === false) continue;
      const paths: [string, string[]][] = op.index == null ? index.tokenized : op.index.map((p) => [p, tokenizePath(p)]);
      for (const [path, tokens] of paths) {
        const texts = textsAtPath(op.value, tokens);
        texts.forEach((text, i) => {
          const field = texts.length > 1 ? `${path}.${i}` : path;
          const list = byText.get(text) ?? [];
          list.push([op.namespace, op.key, field]);
          byText.set(text, list);
        });
      }
    }
    if (byText.size === 0) return;
    const texts = [...byText.keys()];
    const embeddings = await index.embeddings.embedDocuments(texts);
    texts.forEach((text, i) => {
      const vector = embeddings[i];
      if (!vector) throw new Error(`No embedding found for text: ${text}`);
      for (const [ns, key, field] of byText.get(text)!) {
        const nk = nsKey(ns);
        let byKey = this.vectors.get(nk);
        if (!byKey) this.vectors.set(nk, (byKey = new Map()));
        let fields = byKey.get(key);
        if (!fields) byKey.set(key, (fields = new Map()));
        fields.set(field, vector);
      }
    });
  }

  private listNamespacesOp(op: ListNamespacesOperation): string[][] {
    // As in LangGraph.js, a namespace stays listed once written to, even after its items are deleted.
    let namespaces = [...this.data.keys()].map((ns) => ns.split(SEP));
    const conditions = op.matchConditions ?? [];
    if (conditions.length > 0) namespaces = namespaces.filter((ns) => conditions.every((c) => matchesCondition(c, ns)));
    if (op.maxDepth !== undefined) namespaces = [...new Set(namespaces.map((ns) => nsKey(ns.slice(0, op.maxDepth))))].map((ns) => ns.split(SEP));
    namespaces.sort((a, b) => nsKey(a).localeCompare(nsKey(b)));
    const offset = op.offset ?? 0;
    return namespaces.slice(offset, offset + (op.limit ?? namespaces.length));
  }
}

