import { AMOUNT_HOLE, HOLE, NEXT, PAIR, SIDE_HOLE, USD_HOLE } from "@tapeline/core";
import type { TokenLabel } from "../market/readTokenLabels.ts";
import { rawToUnits } from "./rawToUnits.ts";

/** A token as a page shows it: its asset object up to the amount, and its decimals. */
type Shown = { head: string; decimals: number | null };

/** The labels of one page's tokens, each token's JSON made once per page. */
export type PageLabels = (token: string) => Shown;

const str = JSON.stringify;
const numberJson = (n: number): string => (Number.isFinite(n) ? String(n) : "null");
const AMOUNT = AMOUNT_HOLE.charCodeAt(0);
const SIDE = SIDE_HOLE.charCodeAt(0);
const USD = USD_HOLE.charCodeAt(0);

/** {@link PageLabels} over a token's label, undefined when the token is unknown. */
export function pageLabels(labelOf: (token: string) => TokenLabel | undefined): PageLabels {
  const shown = new Map<string, Shown>();
  return (token) => {
    let s = shown.get(token);
    if (!s) {
      const l = labelOf(token);
      s = {
        head: `{"tokenAddress":${str(token)},"symbol":${str(l?.symbol ?? null)},"name":${str(l?.name ?? null)},"decimals":${l?.decimals ?? null},"amount":`,
        decimals: l?.decimals ?? null,
      };
      shown.set(token, s);
    }
    return s;
  };
}

/** An amount in units as JSON: null when the token's decimals are unknown. */
const amountJson = (decimals: number | null, raw: string): string =>
  decimals === null ? "null" : numberJson(rawToUnits(raw, decimals));

/** A side of several assets, largest first (unknown amounts last); rare (independent swaps). */
function sideJson(body: string, labels: PageLabels): string {
  const assets = body.split(NEXT).map((a) => {
    const cut = a.indexOf(PAIR);
    const shown = labels(a.slice(0, cut));
    const amount = shown.decimals === null ? null : rawToUnits(a.slice(cut + 1), shown.decimals);
    return { head: shown.head, amount };
  });
  assets.sort((a, b) => (b.amount ?? -1) - (a.amount ?? -1));
  return `[${assets.map((a) => `${a.head}${a.amount === null ? "null" : numberJson(a.amount)}}`).join(",")}]`;
}

/** Entries a {@link recent} memory holds: a row's sides and legs name a few assets. */
const RECENT = 4;

/**
 * A memory of the last few keys seen and their values, found by string equality: a row's legs
 * repeat its sides' `token` PAIR `raw` text, and a page repeats a few tokens, while hashing a
 * freshly cut key for a Map costs more than rendering most amounts.
 */
function recent<V>(make: (key: string) => V): (key: string) => V {
  const keys: string[] = [];
  const values: V[] = [];
  let next = 0;
  return (key) => {
    for (let i = 0; i < keys.length; i++) if (keys[i] === key) return values[i] as V;
    const value = make(key);
    keys[next] = key;
    values[next] = value;
    next = (next + 1) % RECENT;
    return value;
  };
}

/**
 * The served JSON array of a page's rows: each stored template (see `walletSwapTemplate`) with its
 * holes filled from the page's token labels and `usdOf(i)`, the native/USD rate of row `i` (null
 * when unknown). The pieces of the whole page are joined once.
 * @throws Error on a hole the template format does not define
 */
export function fillWalletSwapPage(
  templates: readonly string[],
  labels: PageLabels,
  usdOf: (row: number) => number | null,
): string {
  const out: string[] = ["["];
  const shown = recent(labels);
  const amount = recent((pair) => {
    const cut = pair.indexOf(PAIR);
    return amountJson(shown(pair.slice(0, cut)).decimals, pair.slice(cut + 1));
  });
  for (let r = 0; r < templates.length; r++) {
    const t = templates[r] as string;
    if (r > 0) out.push(",");
    let pos = 0;
    for (let open = t.indexOf(HOLE); open >= 0; open = t.indexOf(HOLE, pos)) {
      const close = t.indexOf(HOLE, open + 1);
      out.push(t.slice(pos, open));
      const kind = t.charCodeAt(open + 1);
      const body = t.slice(open + 2, close);
      if (kind === AMOUNT) out.push(amount(body));
      else if (kind === SIDE) {
        if (body.includes(NEXT)) out.push(sideJson(body, labels));
        else out.push("[", shown(body.slice(0, body.indexOf(PAIR))).head, amount(body), "}]");
      } else if (kind === USD) {
        const usd = usdOf(r);
        out.push(usd === null ? "null" : numberJson(Number(body) * usd));
      } else throw new Error(`a wallet swap template holds an unknown hole ${str(t[open + 1])}`);
      pos = close + 1;
    }
    out.push(pos === 0 ? t : t.slice(pos));
  }
  out.push("]");
  return out.join("");
}
