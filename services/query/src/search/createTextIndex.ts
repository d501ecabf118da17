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

/**
 * An in-memory prefix index over token symbols and the words of token names, for search boxes:
 * a keyword matches a token whose symbol or name equals it or starts with it, or one of whose
 * name words starts with it (case-insensitive). Postings are grouped by the terms' first one to
 * three characters, so a lookup reads one posting list and checks the full keyword on the
 * lower-cased text; ranking keeps the best `limit` in a bounded heap, never sorting every match.
 * @throws RangeError past 16,777,216 documents.
 */
export function createTextIndex(docs: readonly TextDoc[]): TextIndex {
  if (docs.length > MAX_DOCS) throw new RangeError(`the text index holds at most ${MAX_DOCS} tokens`);
  const n = docs.length;
  const symbols = new Array<string>(n);
  const names = new Array<string>(n);
  const chainOf = new Uint16Array(n);
  const chainIds: string[] = [];
  const chainNo = new Map<string, number>();
  const liquidity = new Float64Array(n);
  const created = new Float64Array(n);
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
    liquidity[i] = d.liquidityUsd ?? Number.NaN;
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
  const tierOf = new Uint8Array(n).fill(NO_MATCH);

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
    const touched: number[] = [];
    for (let k = 0; k < list.length; k++) {
      const code = list[k] as number;
      const doc = Math.floor(code / 256);
      if (allowed && allowed[chainOf[doc] as number] === 0) continue;
      const t = tierOfPosting(code, text);
      if (t === NO_MATCH) continue;
      const prior = tierOf[doc] as number;
      if (prior === NO_MATCH) touched.push(doc);
      if (t < prior) tierOf[doc] = t;
    }
    const better = comparator(q.sortBy, q.order, tierOf, liquidity, created);
    const heap = createBoundedHeap(q.limit, better);
    for (const doc of touched) {
      const d = docs[doc] as TextDoc;
      if (!q.exclude?.has(`${d.chain}/${d.address}`)) heap.offer(doc);
    }
    const hits = heap.drain().map((doc) => {
      const d = docs[doc] as TextDoc;
      const t = tierOf[doc] as number;
      return {
        chain: d.chain,
        address: d.address,
        match: t === SYMBOL_EQUALS || t === SYMBOL_PREFIX ? ("symbol" as const) : ("name" as const),
      };
    });
    for (const doc of touched) tierOf[doc] = NO_MATCH;
    return hits;
  }

  return { size: n, search };
}

/**
 * `better(a, b)`: a ranks before b. Relevance: the match tier, then activity (liquidity, unknown
 * last), then the older token. A figure order ranks on the figure with unknown values last in
 * both orders, then on relevance. Ties end on the document number, so the order is total.
 */
function comparator(
  sortBy: SearchSort,
  order: "desc" | "asc",
  tier: Uint8Array,
  liquidity: Float64Array,
  created: Float64Array,
): (a: number, b: number) => boolean {
  const figure = (values: Float64Array, a: number, b: number, desc: boolean): number => {
    const va = values[a] as number;
    const vb = values[b] as number;
    const ka = Number.isNaN(va);
    const kb = Number.isNaN(vb);
    if (ka || kb) return ka === kb ? 0 : ka ? 1 : -1;
    if (va === vb) return 0;
    return va < vb === desc ? 1 : -1;
  };
  const relevance = (a: number, b: number): number => {
    const ta = tier[a] as number;
    const tb = tier[b] as number;
    if (ta !== tb) return ta - tb;
    const byLiq = figure(liquidity, a, b, true);
    if (byLiq !== 0) return byLiq;
    const byAge = figure(created, a, b, false);
    return byAge !== 0 ? byAge : a - b;
  };
  if (sortBy === "relevance") return (a, b) => relevance(a, b) < 0;
  const values = sortBy === "liquidityUsd" ? liquidity : created;
  const desc = order === "desc";
  return (a, b) => {
    const c = figure(values, a, b, desc);
    return c !== 0 ? c < 0 : relevance(a, b) < 0;
  };
}

/** Keeps the best `size` items offered; `drain` returns them best first. */
function createBoundedHeap(size: number, better: (a: number, b: number) => boolean) {
  // a max-heap on "worse": the root is the worst item kept, replaced when a better one comes
  const items: number[] = [];
  const worse = (a: number, b: number) => better(b, a);
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!worse(items[i] as number, items[p] as number)) break;
      [items[i], items[p]] = [items[p] as number, items[i] as number];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < items.length && worse(items[l] as number, items[m] as number)) m = l;
      if (r < items.length && worse(items[r] as number, items[m] as number)) m = r;
      if (m === i) return;
      [items[i], items[m]] = [items[m] as number, items[i] as number];
      i = m;
    }
  };
  return {
    offer(x: number) {
      if (items.length < size) {
        items.push(x);
        up(items.length - 1);
      } else if (better(x, items[0] as number)) {
        items[0] = x;
        down(0);
      }
    },
    drain(): number[] {
      return [...items].sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
    },
  };
}
