import type { SearchSort } from "@tapeline/core";

/** A token as the text index holds it: what matching and ranking need, nothing to serve. */
export type TextDoc = {
  chain: string;
  address: string;
  name: string | null;
  symbol: string | null;
  /** ranking activity: USD liquidity of the token's deepest market; null when unknown */
  liquidityUsd: number | null;
  createdAt: number | null;
};

/** A ranked text match: the token and whether its symbol or its name matched. */
export type TextHit = { chain: string; address: string; match: "symbol" | "name" };

export type TextQuery = {
  /** lower-cased, trimmed keyword */
  text: string;
  /** chains to keep; null for all */
  chains: readonly string[] | null;
  sortBy: SearchSort;
  order: "desc" | "asc";
  limit: number;
  /** tokens already served (address matches), as `<chain>/<address>` */
  exclude?: ReadonlySet<string>;
};

export type TextIndex = {
  size: number;
  search(q: TextQuery): TextHit[];
};

/** Match tiers, best first: symbol equals, name equals, symbol prefix, name prefix, a later name word's prefix. */
const SYMBOL_EQUALS = 0;
const NAME_EQUALS = 1;
const SYMBOL_PREFIX = 2;
const NAME_PREFIX = 3;
const WORD_PREFIX = 4;
const NO_MATCH = 255;

/** Postings are keyed by the first 1 to 3 characters of each term; longer keywords are checked on the text. */
const KEY_LENGTH = 3;
/** A posting packs the document and where its term starts: 255 for the symbol, else the name offset. */
const SYMBOL_TAG = 255;
const MAX_NAME_OFFSET = 254;
/** Docs per index: a posting keeps the document number in 24 bits. */
const MAX_DOCS = 1 << 24;

const lower = (s: string | null): string => (s === null ? "" : s.toLowerCase());
const WORD_RE = /[\p{L}\p{N}]/u;
/** A letter or digit at `i` (ASCII decided without the regex: names are mostly ASCII). */
function isWordChar(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  return WORD_RE.test(s[i] as string);
}

/** Activity order: USD liquidity, highest first, unknown last; then the older token. */
function byActivity(a: TextDoc, b: TextDoc): number {
  const la = a.liquidityUsd;
  const lb = b.liquidityUsd;
  if (la !== lb) {
    if (la === null) return 1;
    if (lb === null) return -1;
    return lb - la;
  }
  return (a.createdAt ?? Number.MAX_SAFE_INTEGER) - (b.createdAt ?? Number.MAX_SAFE_INTEGER);
}

/**
 * An in-memory prefix index over token symbols and the words of token names, for search boxes:
 * a keyword matches a token whose symbol or name equals it or starts with it, or one of whose
 * name words starts with it (case-insensitive). Postings are grouped by the terms' first one to
 * three characters, so a lookup reads one posting list and checks the full keyword on the
 * lower-cased text. Documents are numbered in activity order (USD liquidity, highest first,
 * unknown last), so every posting list is already in that order: relevance fills one bucket per
 * match tier while scanning and stops once the best tier holds enough, and a liquidity order
 * takes the first matches from either end.
 * @throws RangeError past 16,777,216 documents.
 */
export function createTextIndex(input: readonly TextDoc[]): TextIndex {
  if (input.length > MAX_DOCS) throw new RangeError(`the text index holds at most ${MAX_DOCS} tokens`);
  const docs = [...input].sort(byActivity);
  const n = docs.length;
  const symbols = new Array<string>(n);
  const names = new Array<string>(n);
  const chainOf = new Uint16Array(n);
  const chainIds: string[] = [];
  const chainNo = new Map<string, number>();
  const created = new Float64Array(n);
  // documents from here on have no known liquidity
  let firstUnknown = n;
  const building = new Map<string, number[]>();
  const post = (text: string, from: number, code: number) => {
    for (let k = 1; k <= Math.min(KEY_LENGTH, text.length - from); k++) {
      const key = text.slice(from, from + k);
      const list = building.get(key);
      if (list) list.push(code);
      else building.set(key, [code]);
    }
  };
  for (let i = 0; i < n; i++) {
    const d = docs[i] as TextDoc;
    let c = chainNo.get(d.chain);
    if (c === undefined) {
      c = chainIds.length;
      chainIds.push(d.chain);
      chainNo.set(d.chain, c);
    }
    chainOf[i] = c;
    if (d.liquidityUsd === null && firstUnknown === n) firstUnknown = i;
    created[i] = d.createdAt ?? Number.NaN;
    const sym = lower(d.symbol);
    const name = lower(d.name);
    symbols[i] = sym;
    names[i] = name;
    if (sym.length > 0) post(sym, 0, i * 256 + SYMBOL_TAG);
    const end = Math.min(name.length, MAX_NAME_OFFSET + 1);
    for (let o = 0; o < end; o++) {
      if (isWordChar(name, o) && (o === 0 || !isWordChar(name, o - 1))) {
        post(name, o, i * 256 + o);
      }
    }
  }
  const postings = new Map<string, Uint32Array>();
  for (const [key, list] of building) postings.set(key, Uint32Array.from(list));
  building.clear();

  function tierOfPosting(code: number, text: string): number {
    const doc = Math.floor(code / 256);
    const tag = code % 256;
    if (tag === SYMBOL_TAG) {
      const s = symbols[doc] as string;
      if (!s.startsWith(text)) return NO_MATCH;
      return s.length === text.length ? SYMBOL_EQUALS : SYMBOL_PREFIX;
    }
    const name = names[doc] as string;
    if (!name.startsWith(text, tag)) return NO_MATCH;
    if (tag > 0) return WORD_PREFIX;
    return name.length === text.length ? NAME_EQUALS : NAME_PREFIX;
  }

  /**
   * Walks the list from `from` by `step` (1 or -1) within [lo, hi), calling `take(doc, tier)`
   * once per matching document of an allowed chain (a document's postings are adjacent, so its
   * best tier is known when its run ends); stops when `take` returns false.
   */
  function walk(
    list: Uint32Array,
    text: string,
    allowed: Uint8Array | null,
    range: { lo: number; hi: number; step: 1 | -1 },
    take: (doc: number, tier: number) => boolean,
  ): void {
    let doc = -1;
    let tier = NO_MATCH;
    const { lo, hi, step } = range;
    for (let k = step === 1 ? lo : hi - 1; k >= lo && k < hi; k += step) {
      const code = list[k] as number;
      const d = Math.floor(code / 256);
      if (d !== doc) {
        if (tier !== NO_MATCH && !take(doc, tier)) return;
        doc = d;
        tier = NO_MATCH;
      }
      if (allowed && allowed[chainOf[d] as number] === 0) continue;
      const t = tierOfPosting(code, text);
      if (t < tier) tier = t;
    }
    if (tier !== NO_MATCH) take(doc, tier);
  }

  /** First index of the list whose document is `doc` or later (lists ascend by document). */
  function lowerBound(list: Uint32Array, doc: number): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (Math.floor((list[mid] as number) / 256) < doc) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  function search(q: TextQuery): TextHit[] {
    const text = q.text;
    if (text.length === 0 || q.limit <= 0) return [];
    const list = postings.get(text.slice(0, KEY_LENGTH));
    if (!list) return [];
    let allowed: Uint8Array | null = null;
    if (q.chains) {
      allowed = new Uint8Array(chainIds.length);
      for (const ch of q.chains) {
        const c = chainNo.get(ch);
        if (c !== undefined) allowed[c] = 1;
      }
    }
    // excluded documents are dropped at the end, so take that many more
    const need = q.limit + (q.exclude?.size ?? 0);
    const picked: [number, number][] = [];
    const all = { lo: 0, hi: list.length, step: 1 as const };
    if (q.sortBy === "relevance") {
      const buckets: [number, number][][] = [[], [], [], [], []];
      walk(list, text, allowed, all, (doc, tier) => {
        const b = buckets[tier] as [number, number][];
        if (b.length < need) b.push([doc, tier]);
        return (buckets[SYMBOL_EQUALS] as unknown[]).length < need;
      });
      for (const b of buckets) picked.push(...b);
    } else if (q.sortBy === "liquidityUsd") {
      const split = lowerBound(list, firstUnknown);
      const take = (doc: number, tier: number) => picked.push([doc, tier]) < need;
      if (q.order === "desc") walk(list, text, allowed, all, take);
      else {
        walk(list, text, allowed, { lo: 0, hi: split, step: -1 }, take);
        if (picked.length < need) walk(list, text, allowed, { lo: split, hi: list.length, step: 1 }, take);
      }
    } else {
      const matches: [number, number][] = [];
      walk(list, text, allowed, all, (doc, tier) => matches.push([doc, tier]) > 0);
      const desc = q.order === "desc";
      matches.sort(([a], [b]) => {
        const va = created[a] as number;
        const vb = created[b] as number;
        const ua = Number.isNaN(va);
        const ub = Number.isNaN(vb);
        if (ua || ub) return ua === ub ? a - b : ua ? 1 : -1;
        return va === vb ? a - b : desc ? vb - va : va - vb;
      });
      picked.push(...matches.slice(0, need));
    }
    const hits: TextHit[] = [];
    for (const [doc, tier] of picked) {
      const d = docs[doc] as TextDoc;
      if (q.exclude?.has(`${d.chain}/${d.address}`)) continue;
      hits.push({
        chain: d.chain,
        address: d.address,
        match: tier === SYMBOL_EQUALS || tier === SYMBOL_PREFIX ? "symbol" : "name",
      });
      if (hits.length === q.limit) break;
    }
    return hits;
  }

  return { size: n, search };
}
