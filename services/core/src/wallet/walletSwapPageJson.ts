import { JsonText } from "../JsonText.ts";
import type { UsdBasis } from "../ports/marketQueries.ts";

/** What a wallet swap page says besides its rows. */
export type WalletSwapPageMeta = {
  usdBasis: UsdBasis;
  hasMore: boolean;
  nextCursor: string | null;
  /** `at` of the page's oldest swap, null on an empty page */
  oldestAt: number | null;
};

const META = ',"hasMore":';

/**
 * A wallet swap page as the shard answers it: `{ data, hasMore, nextCursor, oldestAt, usdBasis }`,
 * which is also its batch slot as the spec shapes it. `dataJson` is the JSON array of the rows.
 */
export function walletSwapPageJson(dataJson: string, meta: WalletSwapPageMeta): JsonText {
  return new JsonText(
    `{"data":${dataJson}${META}${meta.hasMore},"nextCursor":${JSON.stringify(meta.nextCursor)},"oldestAt":${meta.oldestAt ?? null},"usdBasis":${JSON.stringify(meta.usdBasis)}}`,
  );
}

/**
 * The `GET` answer `{ data, meta: { asOf, hasMore, nextCursor, oldestAt, usdBasis } }` spliced out
 * of a page's text without parsing it: the last `,"hasMore":` is the page's own key (a raw quote
 * never occurs inside a JSON string, and no row has that key).
 * @throws Error when `page` is not a wallet swap page.
 */
export function walletSwapEnvelopeJson(page: JsonText, asOf: number): string {
  const at = page.text.lastIndexOf(META);
  if (at < 0 || !page.text.startsWith('{"data":')) throw new Error("not a wallet swap page");
  return `${page.text.slice(0, at)},"meta":{"asOf":${asOf}${page.text.slice(at)}}`;
}
