import {
  InvalidParamError,
  isEvm,
  type JsonText,
  type WalletSwapQuery,
  walletKey,
  walletSwapPageJson,
  walletSwapTemplate,
} from "@tapeline/core";
import type { TokenLabelReader } from "../market/createTokenLabelReader.ts";
import type { MarketDb } from "../market/MarketDb.ts";
import type { TokenLabel } from "../market/readTokenLabels.ts";
import { decodeWalletSwapCursor } from "./decodeWalletSwapCursor.ts";
import { encodeWalletSwapCursor } from "./encodeWalletSwapCursor.ts";
import { fillWalletSwapPage, pageLabels } from "./fillWalletSwapTemplate.ts";
import { readSwapMinuteRates } from "./readSwapMinuteRates.ts";

type Row = {
  at: string;
  block: string;
  seq: number;
  tx_hash: string;
  row_template: string | null;
  /** rows stored before templates were: their columns as one JSON array */
  legacy: string | null;
};

type StoredAsset = { tokenAddress: string; amount: string };

/** The template of a row stored without one, made from its stored columns as the writer makes it. */
function legacyTemplate(q: WalletSwapQuery, r: Row): string {
  const [sent, received, route, volumeNative, feesNative, routerProgram, routerName] = JSON.parse(
    r.legacy as string,
  ) as [
    StoredAsset[],
    StoredAsset[],
    {
      poolAddress: string;
      poolType: string;
      sent: StoredAsset;
      received: StoredAsset;
      router?: { programId: string; name: string | null } | null;
    }[],
    string | null,
    string | null,
    string | null,
    string | null,
  ];
  return walletSwapTemplate({
    chain: q.chain,
    txHash: r.tx_hash,
    block: Number(r.block),
    at: Number(r.at),
    sent,
    received,
    route,
    volumeNative,
    feesNative,
    router: routerProgram === null ? null : { programId: routerProgram, name: routerName },
  });
}

/**
 * One page of a wallet's swaps, newest first, by exact keyset over (at, block, seq, txHash) on
 * the wallet's own index: `limit + 1` rows tell whether more remain, so `hasMore: false` means the
 * history within the bounds is fully served. A cursor continues strictly after its swap (then
 * `beforeAt` no longer applies); `from`/`to` bound every page. Each row is its stored template
 * (`walletSwapTemplate`) with the token labels (read apart: token rows live by token) and the USD
 * value filled in: Solana at the SOL/USD of each swap's minute (`trade`), EVM at `spotUsd`
 * (`spot`). The page comes back as its JSON text (`walletSwapPageJson`).
 * @throws InvalidParamError for a bad cursor or `from` after `to`.
 */
export async function readWalletSwapPage(
  db: MarketDb,
  q: WalletSwapQuery,
  spotUsd: number | null,
  labels: TokenLabelReader,
  cursorParam = "cursor",
): Promise<JsonText> {
  const evm = isEvm(q.chain);
  if (q.from !== null && q.to !== null && q.from > q.to)
    throw new InvalidParamError("from", "from is after to");
  const params: unknown[] = [walletKey(q.chain, q.wallet)];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ["s.wallet_key = $1"];
  // which bounds the statement has: its text, hence its prepared statement's name
  let shape = "";
  if (q.cursor !== null) {
    shape += "c";
    const c = decodeWalletSwapCursor(q.cursor, cursorParam);
    where.push(
      `(s.at, s.block, s.seq, s.tx_hash) < (${p(c.at)}::bigint, ${p(c.block)}::bigint, ${p(c.seq)}::int, ${p(c.txHash)}::text)`,
    );
  } else if (q.beforeAt !== null) {
    shape += "b";
    where.push(`s.at < ${p(q.beforeAt)}::bigint`);
  }
  if (q.from !== null) {
    shape += "f";
    where.push(`s.at >= ${p(q.from)}::bigint`);
  }
  if (q.to !== null) {
    shape += "t";
    where.push(`s.at <= ${p(q.to)}::bigint`);
  }
  // A named statement is parsed once per connection and, after a few runs, planned once (a generic
  // plan: the wallet index's scan, whatever the wallet): about a fifth less database CPU a page.
  const res = await db.query<Row>({
    name: `wallet-swap-page-${shape}`,
    text: `select s.at::text as at, s.block::text as block, s.seq, s.tx_hash, s.row_template,
       case when s.row_template is null then json_build_array(s.sent, s.received, s.route,
         s.volume_native::text, s.fees_native::text, s.router_program, s.router_name)::text end as legacy
     from wallet_swaps s where ${where.join(" and ")}
     order by s.at desc, s.block desc, s.seq desc, s.tx_hash desc
     limit ${p(q.limit + 1)}`,
    values: params,
  });
  const hasMore = res.rows.length > q.limit;
  const page = res.rows.slice(0, q.limit);
  const templates = page.map((r) => r.row_template ?? legacyTemplate(q, r));
  const rates = evm
    ? null
    : await readSwapMinuteRates(
        db,
        q.chain,
        page.map((r) => Number(r.at)),
      );
  const usdOf = evm ? () => spotUsd : (i: number) => rates?.[i] ?? null;
  const fill = (labelOf: (token: string) => TokenLabel | undefined) =>
    fillWalletSwapPage(templates, pageLabels(labelOf), usdOf);
  // Labels the reader holds fill the page at once; tokens it does not hold are read, and the
  // page filled again only when some of them turn out known.
  const missing = new Set<string>();
  let data = fill((token) => {
    const l = labels.known(q.chain, token);
    if (l === undefined) missing.add(token);
    return l;
  });
  if (missing.size > 0) {
    const found = await labels(q.chain, [...missing]);
    if (found.size > 0) data = fill((token) => found.get(token) ?? labels.known(q.chain, token));
  }
  const last = page.at(-1);
  return walletSwapPageJson(data, {
    usdBasis: evm ? "spot" : "trade",
    hasMore,
    nextCursor:
      hasMore && last
        ? encodeWalletSwapCursor({
            at: Number(last.at),
            block: Number(last.block),
            seq: last.seq,
            txHash: last.tx_hash,
          })
        : null,
    oldestAt: last ? Number(last.at) : null,
  });
}
