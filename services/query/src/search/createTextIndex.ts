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

/** Prefix postings are keyed by the first 1 to 4 characters of each term; longer keywords are checked on the text. */
const KEY_LENGTH = 4;
/** A later-word posting packs the document and the word's offset in the name (8 bits). */
const MAX_NAME_OFFSET = 255;
/** Docs per index: a word posting keeps the document number in 24 bits. */
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

/** A growable list per key, frozen into typed arrays once the index is built. */
function createPostings() {
  const building = new Map<string, number[]>();
  return {
    add(key: string, code: number) {
      const list = building.get(key);
      if (list) list.push(code);
      else building.set(key, [code]);
    },
    /** Adds `code` under the first 1 to KEY_LENGTH characters of `text` from `from`. */
    addPrefixes(text: string, from: number, code: number) {
      for (let k = 1; k <= Math.min(KEY_LENGTH, text.length - from); k++)
        this.add(text.slice(from, from + k), code);
    },
    freeze(): Map<string, Uint32Array> {
      const out = new Map<string, Uint32Array>();
      for (const [key, list] of building) out.set(key, Uint32Array.from(list));
      building.clear();
      return out;
    },
  };
}

/**
 * An in-memory prefix index over token symbols and the words of token names, for search boxes:
 * a keyword matches a token whose symbol or name equals it or starts with it, or one of whose
 * name words starts with it (case-insensitive). Documents are numbered in activity order (USD
 * liquidity, highest first, unknown last), and each match tier reads its own lists, which are
 * therefore already ranked: exact symbols and exact names by the whole text, symbol prefixes,
 * name prefixes and later name words by their first one to four characters (the rest of a
 * longer keyword is checked on the text). Relevance reads the tiers in order and stops as soon
 * as it holds enough, so a lookup costs about `limit` matches, not every match.
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
  const symbolExact = createPostings();
  const nameExact = createPostings();
  const symbolPrefix = createPostings();
  const namePrefix = createPostings();
  const wordPrefix = createPostings();
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
    if (sym.length > 0) {
      symbolExact.add(sym, i);
      symbolPrefix.addPrefixes(sym, 0, i);
    }
    if (name.length > 0) {
      nameExact.add(name, i);
      namePrefix.addPrefixes(name, 0, i);
    }
    const end = Math.min(name.length, MAX_NAME_OFFSET + 1);
    for (let o = 1; o < end; o++) {
      if (isWordChar(name, o) && !isWordChar(name, o - 1)) wordPrefix.addPrefixes(name, o, i * 256 + o);
    }
  }
  const lists = {
    [SYMBOL_EQUALS]: { postings: symbolExact.freeze(), byText: true, words: false },
    [NAME_EQUALS]: { postings: nameExact.freeze(), byText: true, words: false },
    [SYMBOL_PREFIX]: { postings: symbolPrefix.freeze(), byText: false, words: false },
    [NAME_PREFIX]: { postings: namePrefix.freeze(), byText: false, words: false },
    [WORD_PREFIX]: { postings: wordPrefix.freeze(), byText: false, words: true },
  } as const;
  const TIERS = [SYMBOL_EQUALS, NAME_EQUALS, SYMBOL_PREFIX, NAME_PREFIX, WORD_PREFIX] as const;

  /** The best tier a document matches `text` at: what every tier's check below agrees with. */
  function bestTier(doc: number, text: string): number {
    const sym = symbols[doc] as string;
    const name = names[doc] as string;
    if (sym === text) return SYMBOL_EQUALS;
    if (name === text) return NAME_EQUALS;
    if (sym.startsWith(text)) return SYMBOL_PREFIX;
    if (name.startsWith(text)) return NAME_PREFIX;
    return WORD_PREFIX;
  }

  /** Whether a posting of `tier` matches `text` (exact lists always do; prefix lists by the text). */
  function matches(tier: (typeof TIERS)[number], code: number, text: string): boolean {
    if (tier === SYMBOL_PREFIX) return (symbols[code] as string).startsWith(text);
    if (tier === NAME_PREFIX) return (names[code] as string).startsWith(text);
    if (tier === WORD_PREFIX) return (names[Math.floor(code / 256)] as string).startsWith(text, code % 256);
    return true;
  }

  const docOf = (tier: number, code: number) => (tier === WORD_PREFIX ? Math.floor(code / 256) : code);

  /** First index of a list whose document is `doc` or later (lists ascend by document). */
  function lowerBound(list: Uint32Array, tier: number, doc: number): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (docOf(tier, list[mid] as number) < doc) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  function search(q: TextQuery): TextHit[] {
    const text = q.text;
    if (text.length === 0 || q.limit <= 0) return [];
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
    const taken = new Map<number, number>();
    /**
     * Reads tier `tier`'s list over [lo, hi) by `step`, taking each allowed document whose best
     * tier is this one (a better tier's list has it) until `enough()`.
     */
    const read = (
      tier: (typeof TIERS)[number],
      lo: number | null,
      hi: number | null,
      step: 1 | -1,
      enough: () => boolean,
    ) => {
      const spec = lists[tier];
      const list = spec.postings.get(spec.byText ? text : text.slice(0, KEY_LENGTH));
      if (!list) return;
      const from = lo ?? 0;
      const to = hi ?? list.length;
      for (let k = step === 1 ? from : to - 1; k >= from && k < to; k += step) {
        if (enough()) return;
        const code = list[k] as number;
        const doc = docOf(tier, code);
        if (taken.has(doc) || (allowed && allowed[chainOf[doc] as number] === 0)) continue;
        if (!matches(tier, code, text) || bestTier(doc, text) !== tier) continue;
        taken.set(doc, tier);
      }
    };
    const picked: number[] = [];
    if (q.sortBy === "relevance") {
      for (const tier of TIERS) read(tier, null, null, 1, () => taken.size >= need);
      picked.push(...taken.keys());
    } else if (q.sortBy === "liquidityUsd") {
      // each tier's first `need` in the order asked, then merged: documents ascend by activity rank
      const perTier = (fill: (tier: (typeof TIERS)[number], enough: () => boolean) => void) => {
        for (const tier of TIERS) {
          const before = taken.size;
          fill(tier, () => taken.size - before >= need);
        }
      };
      if (q.order === "desc") perTier((tier, enough) => read(tier, null, null, 1, enough));
      else
        perTier((tier, enough) => {
          const spec = lists[tier];
          const list = spec.postings.get(spec.byText ? text : text.slice(0, KEY_LENGTH));
          if (!list) return;
          const split = lowerBound(list, tier, firstUnknown);
          read(tier, 0, split, -1, enough);
          read(tier, split, list.length, 1, enough);
        });
      const known = [...taken.keys()].filter((d) => d < firstUnknown).sort((a, b) => a - b);
      const unknown = [...taken.keys()].filter((d) => d >= firstUnknown).sort((a, b) => a - b);
      picked.push(...(q.order === "desc" ? known : known.reverse()), ...unknown);
    } else {
      for (const tier of TIERS) read(tier, null, null, 1, () => false);
      const desc = q.order === "desc";
      picked.push(
        ...[...taken.keys()].sort((a, b) => {
          const va = created[a] as number;
          const vb = created[b] as number;
          const ua = Number.isNaN(va);
          const ub = Number.isNaN(vb);
          if (ua || ub) return ua === ub ? a - b : ua ? 1 : -1;
          return va === vb ? a - b : desc ? vb - va : va - vb;
        }),
      );
    }
    const hits: TextHit[] = [];
    for (const doc of picked) {
      const d = docs[doc] as TextDoc;
      if (q.exclude?.has(`${d.chain}/${d.address}`)) continue;
      const tier = taken.get(doc) as number;
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
