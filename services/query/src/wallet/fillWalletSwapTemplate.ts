import { AMOUNT_HOLE, HOLE, NEXT, PAIR, rawToUnits, SIDE_HOLE, USD_HOLE } from "@tapeline/core";
import type { TokenLabel } from "../market/readTokenLabels.ts";
import { numberJson, unitsJson } from "./unitsJson.ts";

/** A token as a page shows it: its asset object up to the amount, and its decimals. */
type Shown = { head: string; decimals: number | null };

/** How a page's tokens are shown: each token's label made into its {@link Shown} form. */
export type PageLabels = (token: string) => Shown;

const str = JSON.stringify;
const AMOUNT = AMOUNT_HOLE.charCodeAt(0);
const SIDE = SIDE_HOLE.charCodeAt(0);
const USD = USD_HOLE.charCodeAt(0);

/**
 * Each label's shown form, made once while its label lives: a label reader hands out the same
 * object for a token until it reads the token again, and pages repeat tokens.
 */
const shownOf = new WeakMap<TokenLabel, { token: string; shown: Shown }>();

/** {@link PageLabels} over a token's label, undefined when the token is unknown. */
export function pageLabels(labelOf: (token: string) => TokenLabel | undefined): PageLabels {
  return (token) => {
    const l = labelOf(token);
    const kept = l === undefined ? undefined : shownOf.get(l);
    if (kept !== undefined && kept.token === token) return kept.shown;
    const shown = {
      head: `{"tokenAddress":${str(token)},"symbol":${str(l?.symbol ?? null)},"name":${str(l?.name ?? null)},"decimals":${l?.decimals ?? null},"amount":`,
      decimals: l?.decimals ?? null,
    };
    if (l !== undefined) shownOf.set(l, { token, shown });
    return shown;
  };
}

/** A side of several assets, largest first (unknown amounts last); rare (independent swaps). */
function sideJson(body: string, token: TokenFinder): string {
  const assets = body.split(NEXT).map((a) => {
    const cut = a.indexOf(PAIR);
    const shown = token(a, 0, cut);
    const amount = shown.decimals === null ? null : rawToUnits(a.slice(cut + 1), shown.decimals);
    return { head: shown.head, amount };
  });
  assets.sort((a, b) => (b.amount ?? -1) - (a.amount ?? -1));
  return `[${assets.map((a) => `${a.head}${a.amount === null ? "null" : numberJson(a.amount)}}`).join(",")}]`;
}

/** The shown form of the token a template names at `t[from, to)`. */
type TokenFinder = (t: string, from: number, to: number) => Shown;

/** Buckets of {@link tokenFinder}: a page names a few tokens to some tens. */
const BUCKETS = 64;

/**
 * {@link PageLabels} for the token a template names at `t[from, to)`, found by the key's last two
 * characters (the random end of an address or mint) among the page's tokens seen so far. A cut key
 * compared with `===` measured about a third of `startsWith` at the key's offset; a Map's lookup
 * of the cut key, which hashes it whole, about as much as `startsWith`.
 */
function tokenFinder(labels: PageLabels): TokenFinder {
  const buckets: { token: string; shown: Shown }[][] = [];
  return (t, from, to) => {
    const token = t.slice(from, to);
    const h = to - from < 2 ? 0 : (t.charCodeAt(to - 1) * 31 + t.charCodeAt(to - 2)) % BUCKETS;
    let bucket = buckets[h];
    if (bucket === undefined) bucket = buckets[h] = [];
    else for (const e of bucket) if (e.token === token) return e.shown;
    const shown = labels(token);
    bucket.push({ token, shown });
    return shown;
  };
}

/**
 * The served JSON array of a page's rows: each stored template (see `walletSwapTemplate`) with its
 * holes filled from the page's token labels and `usdOf(i)`, the native/USD rate of row `i` (null
 * when unknown). Holes are read in place (see {@link tokenFinder}, {@link unitsJson}).
 * @throws Error on a hole the template format does not define
 */
export function fillWalletSwapPage(
  templates: readonly string[],
  labels: PageLabels,
  usdOf: (row: number) => number | null,
): string {
  const token = tokenFinder(labels);
  /** the JSON of `token PAIR raw` spanning t[from, to) as an amount in units, its token's label */
  const amount = (t: string, from: number, to: number): [Shown, string] => {
    const cut = t.indexOf(PAIR, from);
    const shown = token(t, from, cut);
    return [shown, shown.decimals === null ? "null" : unitsJson(t, cut + 1, to, shown.decimals)];
  };
  let out = "[";
  for (let r = 0; r < templates.length; r++) {
    const t = templates[r] as string;
    if (r > 0) out += ",";
    let pos = 0;
    for (let open = t.indexOf(HOLE); open >= 0; open = t.indexOf(HOLE, pos)) {
      const close = t.indexOf(HOLE, open + 1);
      out += t.slice(pos, open);
      const kind = t.charCodeAt(open + 1);
      const from = open + 2;
      if (kind === AMOUNT) out += amount(t, from, close)[1];
      else if (kind === SIDE) {
        // one asset unless a second PAIR follows the first within the hole
        if (t.lastIndexOf(PAIR, close) !== t.indexOf(PAIR, from))
          out += sideJson(t.slice(from, close), token);
        else {
          const [shown, units] = amount(t, from, close);
          out += `[${shown.head}${units}}]`;
        }
      } else if (kind === USD) {
        const usd = usdOf(r);
        out += usd === null ? "null" : numberJson(Number(t.slice(from, close)) * usd);
      } else throw new Error(`a wallet swap template holds an unknown hole ${str(t[open + 1])}`);
      pos = close + 1;
    }
    out += pos === 0 ? t : t.slice(pos);
  }
  return `${out}]`;
}
