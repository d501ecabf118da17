import {
  type ChainId,
  chainFamily,
  type TradeOrder,
  type TradePage,
  type TradeQuery,
  type TradeRow,
  toApiTradeRow,
} from "@tapeline/core";
import { decodeTradeCursor } from "./decodeTradeCursor.ts";
import { encodeTradeCursor } from "./encodeTradeCursor.ts";
import type { MarketDb } from "./MarketDb.ts";
import { type PageFacts, type PageFactsReader, storedPageFacts } from "./pageFacts.ts";
import { NATIVE_ADDRESSES } from "./readPoolRows.ts";
import type { TokenLabel } from "./readTokenLabels.ts";
import { USD_RATE_MAX_AGE_MS } from "./usdRateMaxAgeMs.ts";

/** Rows a filtered page may look at before it ends (with `hasMore` and a cursor past them). */
export const TRADE_SCAN_WINDOW = 10_000;

/** Which trades a tape walks: one market, some markets, or every market of a token. */
export type TradeScope = { chain: ChainId } & ({ markets: string[] } | { token: string });

export type ReadTradesInput = Omit<TradeQuery, "chain" | "address" | "pools"> & {
  scope: TradeScope;
  /** the token every market of the scope trades (a token scope's own) */
  token: string;
  /** current native/USD rate (EVM spot valuation); null when unknown */
  spotUsd: number | null;
  /** rows a filtered page may look at, default TRADE_SCAN_WINDOW */
  scanWindow?: number;
};

type Raw = {
  id: string;
  at: string;
  maker: string;
  is_buy: boolean;
  amount_token: string;
  amount_quote: string;
  price_native: string | null;
  volume_native: string | null;
  fees_native: string | null;
  is_wash: boolean | null;
  preconfirmed: boolean;
  tx_hash: string;
  block: string;
  log_index: number;
  pool_address: string;
  quote_address: string;
  /** Solana only */
  usd?: string | null;
};

/**
 * Reads one page of a trade tape with a keyset cursor over (at, block, logIndex, id), which is a
 * total order of a chain's trades, so pages never skip or repeat a trade. Without filters a page
 * holds the next `limit` trades. With filters (maker, side, minimums, wash) a page looks at no
 * more than TRADE_SCAN_WINDOW trades: when that window ends before `limit` matches, the page is
 * short, `hasMore` stays true and the cursor points past the window. The token facts the rows
 * show come from `readFacts` (by default read from the store with the page).
 */
export async function readTradePage(
  db: MarketDb,
  q: ReadTradesInput,
  readFacts: PageFactsReader = storedPageFacts(db),
): Promise<TradePage> {
  const order: TradeOrder = q.order ?? "desc";
  const desc = order === "desc";
  const chain = q.scope.chain;
  const solana = chainFamily(chain) === "solana";
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };

  // A token's whole tape is its token-keyed copy (`token_trades`, one shard on Citus), which
  // carries neither chain nor token: both are the key's, given here as parameters.
  const byToken = "token" in q.scope;
  const table = byToken ? "token_trades" : "trades";
  const scope =
    "markets" in q.scope
      ? q.scope.markets.length === 1
        ? `t.market = ${p(q.scope.markets[0])}`
        : `t.market = any(${p(q.scope.markets)}::text[])`
      : `t.token_key = ${p(`${chain}/${q.scope.token}`)}`;
  const base: string[] = [scope];
  if (q.cursor) {
    const c = decodeTradeCursor(q.cursor, order);
    base.push(
      `(t.at, t.block, t.log_index, t.id) ${desc ? "<" : ">"} (${p(c.at)}::bigint, ${p(c.block)}::bigint, ${p(c.logIndex)}::int, ${p(c.id)}::text)`,
    );
  }
  if (q.fromAt !== null && q.fromAt !== undefined) base.push(`t.at >= ${p(q.fromAt)}::bigint`);
  if (q.toAt !== null && q.toAt !== undefined) base.push(`t.at <= ${p(q.toAt)}::bigint`);
  const dir = desc ? "desc" : "asc";
  const orderBy = `order by t.at ${dir}, t.block ${dir}, t.log_index ${dir}, t.id ${dir}`;
  // A filtered walk looks at a bounded window: find the last trade of that window first.
  let boundary: { at: string; block: string; log_index: number; id: string } | null = null;
  const filtered =
    Boolean(q.maker) ||
    Boolean(q.side) ||
    q.wash === "washOnly" ||
    q.wash === "excludeWash" ||
    [q.minAmountToken, q.minVolumeNative, q.minVolumeUsd].some((v) => v !== null && v !== undefined);
  if (filtered) {
    const r = await db.query(
      `select t.at, t.block, t.log_index, t.id from ${table} t where ${base.join(" and ")} ${orderBy}
       offset $${params.length + 1} limit 1`,
      [...params, (q.scanWindow ?? TRADE_SCAN_WINDOW) - 1],
    );
    boundary = r.rows[0] ?? null;
  }
  // (added after the boundary's statement, which must not be sent parameters it does not use)
  // (a parameter the first time the statement names it: one a statement does not use is refused)
  let chainParam: string | undefined;
  const chainOf = () => {
    if (!byToken) return "t.chain_id";
    chainParam ??= `${p(chain)}::text`;
    return chainParam;
  };
  // A swap's rate: the latest stored minute at or before its own, within USD_RATE_MAX_AGE_MS.
  const rateSql = () => `(select np.price_usd from native_prices np where np.chain_id = ${chainOf()}
                     and np.minute <= (t.at / 60000) * 60000
                     and np.minute > (t.at / 60000) * 60000 - ${USD_RATE_MAX_AGE_MS}
                     order by np.minute desc limit 1)`;
  // only the token-amount bound needs the token's decimals in the statement
  const amountBound = q.minAmountToken !== null && q.minAmountToken !== undefined;
  const joins = amountBound
    ? `left join tokens tt on tt.chain_id = ${chainOf()} and tt.address = ${
        "token" in q.scope ? `${p(q.scope.token)}::text` : "t.token_address"
      }`
    : "";
  const filters: string[] = [];
  if (q.maker) filters.push(`t.maker = ${p(q.maker)}`);
  if (q.side) filters.push(`t.is_buy = ${q.side === "buy" ? "true" : "false"}`);
  if (amountBound) {
    filters.push(
      `tt.decimals is not null and t.amount_token >= ${p(String(q.minAmountToken))}::numeric * 10 ^ tt.decimals`,
    );
  }
  if (q.minVolumeNative !== null && q.minVolumeNative !== undefined) {
    filters.push(`t.volume_native >= ${p(String(q.minVolumeNative))}::numeric`);
  }
  if (q.minVolumeUsd !== null && q.minVolumeUsd !== undefined) {
    // An unknown USD value never passes a bound.
    filters.push(
      solana
        ? `t.volume_native * ${rateSql()} >= ${p(String(q.minVolumeUsd))}::numeric`
        : q.spotUsd === null
          ? "false"
          : `t.volume_native * ${p(String(q.spotUsd))}::numeric >= ${p(String(q.minVolumeUsd))}::numeric`,
    );
  }
  if (q.wash === "washOnly") filters.push("t.is_wash is true");
  if (q.wash === "excludeWash") filters.push("t.is_wash is not true");

  if (boundary) {
    filters.push(
      `(t.at, t.block, t.log_index, t.id) ${desc ? ">=" : "<="} (${p(boundary.at)}::bigint, ${p(boundary.block)}::bigint, ${p(boundary.log_index)}::int, ${p(boundary.id)}::text)`,
    );
  }

  // The token facts a row shows (its token's decimals, its quote's name, symbol and decimals)
  // are read once for the page (`readFacts`) rather than joined to each row: narrower rows
  // without per-row joins cost less on PostgreSQL and far less on Citus, where each row crosses
  // the coordinator (storage README: the trade page's rows and their token facts).
  // Each trade comes back as one text, its fields tab-separated (see parseTradeLine): on Citus
  // the coordinator then relays one value a row from the shard's worker instead of parsing and
  // re-sending every field (numerics included), and the driver decodes one field a row.
  const { rows: lines } = await db.query<{ line: string }>(
    `select concat_ws(E'\\t', t.id, t.at, t.maker, t.is_buy::text, t.amount_token, t.amount_quote,
              coalesce(t.price_native::text, ''), coalesce(t.volume_native::text, ''),
              coalesce(t.fees_native::text, ''), coalesce(t.is_wash::text, ''), t.preconfirmed::text, t.tx_hash,
              t.block, t.log_index, t.pool_address, t.quote_address${solana ? `, coalesce(${rateSql()}::text, '')` : ""}) as line
     from ${table} t
     ${joins}
     where ${[...base, ...filters].join(" and ")}
     ${orderBy}
     limit ${p(q.limit + 1)}`,
    params,
  );
  const rows = lines.map((r) => parseTradeLine(r.line, solana));

  const page = rows.slice(0, q.limit);
  const facts: PageFacts =
    page.length === 0
      ? { tokens: new Map(), native: null }
      : await readFacts(chain, [q.token, ...new Set(page.map((r) => r.quote_address))]);
  const decimals = facts.tokens.get(q.token)?.decimals ?? null;
  // a native coin without a token row (or without its symbol or decimals) takes the chain's
  const quotes = new Map<string, QuoteFacts>();
  const quoteOf = (address: string): QuoteFacts => {
    let f = quotes.get(address);
    if (f === undefined) {
      f = facts.tokens.get(address) ?? EMPTY_FACTS;
      if (facts.native && NATIVE_ADDRESSES.includes(address)) {
        f = {
          name: f.name,
          symbol: f.symbol ?? facts.native.symbol,
          decimals: f.decimals ?? facts.native.decimals,
        };
      }
      quotes.set(address, f);
    }
    return f;
  };
  const data = page.map((r) =>
    toTradeRow(
      r,
      decimals,
      quoteOf(r.quote_address),
      solana ? (r.usd === null || r.usd === undefined ? null : Number(r.usd)) : q.spotUsd,
      solana,
    ),
  );
  let hasMore = rows.length > q.limit;
  let nextCursor: string | null = null;
  const lastRow = page.at(-1);
  if (hasMore && lastRow) {
    nextCursor = encodeTradeCursor({
      order,
      at: Number(lastRow.at),
      block: Number(lastRow.block),
      logIndex: lastRow.log_index,
      id: lastRow.id,
    });
  } else if (boundary) {
    hasMore = true;
    nextCursor = encodeTradeCursor({
      order,
      at: Number(boundary.at),
      block: Number(boundary.block),
      logIndex: boundary.log_index,
      id: boundary.id,
    });
  }

  if (q.include?.includes("traderTxCounts") && data.length > 0) {
    const makers = [...new Set(data.map((d) => d.maker))];
    const counts = await db.query<{ maker: string; n: string }>(
      `select t.maker, count(*) as n from trades t
       where t.chain_id = $1 and t.maker = any($2::text[]) and ${
         "markets" in q.scope ? "t.market = any($3::text[])" : "t.token_address = $3"
       }
       group by t.maker`,
      [chain, makers, "markets" in q.scope ? q.scope.markets : q.scope.token],
    );
    const byMaker = new Map(counts.rows.map((r) => [r.maker, Number(r.n)]));
    for (const d of data) d.traderTxCount = byMaker.get(d.maker) ?? 0;
  }

  return { data, usdBasis: solana ? "trade" : "spot", hasMore, nextCursor };
}

type QuoteFacts = TokenLabel;
const EMPTY_FACTS: QuoteFacts = { name: null, symbol: null, decimals: null };

/** A line's field: null when empty. */
const orNull = (v: string): string | null => (v === "" ? null : v);

/** The fields of a trade's line, in order; a Solana line adds the swap minute's SOL/USD rate. */
const LINE_FIELDS = 16;

/**
 * A trade from its line: fields tab-separated, an empty field for a null (ids, addresses and
 * hashes hold neither tabs nor empty text; numbers and booleans are in PostgreSQL's text form,
 * as the driver gives them).
 * @throws Error on a line of the wrong width, which a stored value with a tab would make
 */
function parseTradeLine(line: string, solana: boolean): Raw {
  const f = line.split("\t");
  const width = LINE_FIELDS + (solana ? 1 : 0);
  if (f.length !== width) throw new Error(`a trade line has ${f.length} fields, not ${width}`);
  const wash = f[9] as string;
  return {
    id: f[0] as string,
    at: f[1] as string,
    maker: f[2] as string,
    is_buy: f[3] === "true",
    amount_token: f[4] as string,
    amount_quote: f[5] as string,
    price_native: orNull(f[6] as string),
    volume_native: orNull(f[7] as string),
    fees_native: orNull(f[8] as string),
    is_wash: wash === "" ? null : wash === "true",
    preconfirmed: f[10] === "true",
    tx_hash: f[11] as string,
    block: f[12] as string,
    log_index: Number(f[13]),
    pool_address: f[14] as string,
    quote_address: f[15] as string,
    usd: solana ? orNull(f[16] as string) : undefined,
  };
}

function toTradeRow(
  r: Raw,
  tokenDecimals: number | null,
  quote: QuoteFacts,
  usd: number | null,
  solana: boolean,
): TradeRow {
  return toApiTradeRow(
    {
      id: r.id,
      at: Number(r.at),
      maker: r.maker,
      isBuy: r.is_buy,
      amountToken: r.amount_token,
      amountQuote: r.amount_quote,
      priceNative: r.price_native,
      volumeNative: r.volume_native,
      feesNative: r.fees_native,
      isWash: r.is_wash,
      preconfirmed: r.preconfirmed,
      txHash: r.tx_hash,
      block: Number(r.block),
      logIndex: r.log_index,
      poolAddress: r.pool_address,
      tokenDecimals,
      quote: { address: r.quote_address, symbol: quote.symbol, name: quote.name, decimals: quote.decimals },
    },
    usd,
    solana,
  );
}
