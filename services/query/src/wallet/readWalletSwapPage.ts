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

/**
 * A row as read: one text, `at,block,seq,txHash` then KEY_END then the stored template, or LEGACY
 * and the row's columns as one JSON array for a row stored before templates were. The driver
 * decodes each field of each row into its own string and object slot: one field a row instead of
 * six took the API's CPU for a 100-row page from 0.82-0.88 to 0.76-0.79 ms (walletSwaps.bench).
 */
type Row = [text: string];

/** Ends a row's keyset: JSON text holds no raw control character, and templates use 1 to 3. */
const KEY_END = "\u0004";
/** Leads the columns of a row stored without a template. */
const LEGACY = "\u0005";

type Keyset = { at: number; block: number; seq: number; txHash: string };

function keysetOf(text: string): Keyset {
  const [at, block, seq, txHash] = text.slice(0, text.indexOf(KEY_END)).split(",") as [
    string,
    string,
    string,
    string,
  ];
  return { at: Number(at), block: Number(block), seq: Number(seq), txHash };
}

type StoredAsset = { tokenAddress: string; amount: string };

/** The template of a row stored without one, made from its stored columns as the writer makes it. */
function legacyTemplate(q: WalletSwapQuery, key: Keyset, columns: string): string {
  const [sent, received, route, volumeNative, feesNative, routerProgram, routerName] = JSON.parse(
    columns,
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
    txHash: key.txHash,
    block: key.block,
    at: key.at,
    sent,
    received,
    route,
    volumeNative,
    feesNative,
    router: routerProgram === null ? null : { programId: routerProgram, name: routerName },
  });
}

/** The row's template: the stored one, or one made from a legacy row's columns. */
function templateOf(q: WalletSwapQuery, text: string): string {
  const cut = text.indexOf(KEY_END) + 1;
  return text.startsWith(LEGACY, cut)
    ? legacyTemplate(q, keysetOf(text), text.slice(cut + 1))
    : text.slice(cut);
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
    rowMode: "array",
    text: `select s.at || ',' || s.block || ',' || s.seq || ',' || s.tx_hash || chr(4) || coalesce(s.row_template,
         chr(5) || json_build_array(s.sent, s.received, s.route, s.volume_native::text, s.fees_native::text,
           s.router_program, s.router_name)::text)
     from wallet_swaps s where ${where.join(" and ")}
     order by s.at desc, s.block desc, s.seq desc, s.tx_hash desc
     limit ${p(q.limit + 1)}`,
    values: params,
  });
  const hasMore = res.rows.length > q.limit;
  const page = res.rows.slice(0, q.limit).map((r) => r[0]);
  const templates = page.map((text) => templateOf(q, text));
  const rates = evm
    ? null
    : await readSwapMinuteRates(
        db,
        q.chain,
        page.map((text) => keysetOf(text).at),
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
  const lastRow = page.at(-1);
  const last = lastRow === undefined ? null : keysetOf(lastRow);
  return walletSwapPageJson(data, {
    usdBasis: evm ? "spot" : "trade",
    hasMore,
    nextCursor: hasMore && last ? encodeWalletSwapCursor(last) : null,
    oldestAt: last ? last.at : null,
  });
}
