import { AMOUNT_HOLE, HOLE, NEXT, PAIR, SIDE_HOLE, USD_HOLE } from "@tapeline/core";
import { rawToUnits } from "./rawToUnits.ts";
import type { TokenLabel } from "./readTokenLabels.ts";

/** A token as a page shows it: its asset object up to the amount, and its decimals. */
type Shown = { head: string; decimals: number | null };

/** The labels of one page's tokens, each token's JSON made once per page. */
export type PageLabels = (token: string) => Shown;

const str = JSON.stringify;
const numberJson = (n: number): string => (Number.isFinite(n) ? String(n) : "null");

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

/** A template split at its holes (see `walletSwapTemplate`): literal text at even indices. */
export const splitTemplate = (template: string): string[] => template.split(HOLE);

/** An amount in units as JSON: null when the token's decimals are unknown. */
const amountJson = (decimals: number | null, raw: string): string =>
  decimals === null ? "null" : numberJson(rawToUnits(raw, decimals));

/** One `tokenAddress` PAIR `raw` of a hole (from `from`) as its served asset object. */
function assetJson(asset: string, from: number, labels: PageLabels): string {
  const cut = asset.indexOf(PAIR, from);
  const shown = labels(asset.slice(from, cut));
  return `${shown.head}${amountJson(shown.decimals, asset.slice(cut + 1))}}`;
}

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

/**
 * The served JSON of one wallet swap row: its split template with the holes filled from the
 * page's token labels and `usd`, the native/USD rate of the row (null when unknown).
 * @throws Error on a hole the template format does not define
 */
export function fillWalletSwapTemplate(
  parts: readonly string[],
  labels: PageLabels,
  usd: number | null,
): string {
  let out = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const hole = parts[i] as string;
    const kind = hole[0];
    if (kind === AMOUNT_HOLE) {
      const cut = hole.indexOf(PAIR);
      out += amountJson(labels(hole.slice(1, cut)).decimals, hole.slice(cut + 1));
    } else if (kind === SIDE_HOLE) {
      out += hole.includes(NEXT) ? sideJson(hole.slice(1), labels) : `[${assetJson(hole, 1, labels)}]`;
    } else if (kind === USD_HOLE) out += usd === null ? "null" : numberJson(Number(hole.slice(1)) * usd);
    else throw new Error(`a wallet swap template holds an unknown hole ${str(kind)}`);
    out += parts[i + 1] as string;
  }
  return out;
}
