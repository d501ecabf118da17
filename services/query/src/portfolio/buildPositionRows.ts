import {
  type ChainId,
  formatUnits,
  type WalletPositionQuery,
  type WalletPositionRow,
  type WalletPositionSummary,
} from "@tapeline/core";
import type { CostBasis } from "./foldCostBasis.ts";
import type { Holdings } from "./HoldingsReader.ts";
import { positionFigures } from "./positionFigures.ts";
import type { PortfolioToken } from "./readPortfolioFacts.ts";

/** Received holdings are listed only when their main pool holds at least this much (USD). */
export const RECEIVED_MIN_RESERVES_USD = 1000;

/** The value of a token holding: proceeds of the whole balance, current price, main pool reserves. */
export type TokenValue = {
  amountUsd: number | null;
  currentPriceUsd: number | null;
  /** real reserves of the main pool in USD, null when unknown */
  reservesUsd: number | null;
};

/** Everything a positions answer is built from, already read. */
export type PositionInputs = {
  chain: ChainId;
  wallet: string;
  holdings: Holdings;
  bases: ReadonlyMap<string, CostBasis>;
  tokens: ReadonlyMap<string, PortfolioToken>;
  values: ReadonlyMap<string, TokenValue>;
  /** the chain's USD stablecoins (address → symbol) */
  stablecoins: ReadonlyMap<string, string>;
  native: { address: string; symbol: string; decimals: number; usd: number | null };
};

type Built = { row: WalletPositionRow; traded: boolean };

/** The trade totals of a row. */
type RowTrades = Pick<
  WalletPositionRow,
  | "boughtTokens"
  | "soldTokens"
  | "boughtUsd"
  | "soldUsd"
  | "buys"
  | "sells"
  | "firstTradeAt"
  | "lastTradeAt"
  | "holdingSince"
>;
/** The PnL figures of a row. */
type RowPnl = Pick<
  WalletPositionRow,
  | "entryPriceUsd"
  | "entryPriceLifetimeUsd"
  | "exitPriceUsd"
  | "realizedPnlUsd"
  | "unrealizedPnlUsd"
  | "totalPnlUsd"
  | "buyFeesUsd"
  | "sellFeesUsd"
  | "totalFeesUsd"
>;

const NO_TRADES: RowTrades = {
  boughtTokens: "0",
  soldTokens: "0",
  boughtUsd: 0,
  soldUsd: 0,
  buys: 0,
  sells: 0,
  firstTradeAt: null,
  lastTradeAt: null,
  holdingSince: null,
};
/** A holding without cost basis (received, or a sold-out token's residual): nothing realized. */
const HOLDING_PNL: RowPnl = {
  entryPriceUsd: null,
  entryPriceLifetimeUsd: null,
  exitPriceUsd: null,
  realizedPnlUsd: 0,
  unrealizedPnlUsd: null,
  totalPnlUsd: 0,
  buyFeesUsd: null,
  sellFeesUsd: null,
  totalFeesUsd: null,
};
/** Native and stable rows carry no PnL fields. */
const FACE_VALUE_PNL: RowPnl = { ...HOLDING_PNL, realizedPnlUsd: null, totalPnlUsd: null };

/**
 * Every position row of a wallet before the page is cut, by the rules of README.md: open bags
 * with their cost basis, residual balances of fully sold tokens and received holdings (main pool
 * of at least {@link RECEIVED_MIN_RESERVES_USD}) without PnL, the native row and stablecoins at
 * face value when asked for. Tokens of unknown decimals cannot state an amount and are left out.
 */
export function buildPositionRows(x: PositionInputs, q: WalletPositionQuery): Built[] {
  const only = q.tokens ? new Set(q.tokens) : null;
  const out: Built[] = [];
  const addresses = new Set([...x.bases.keys(), ...x.holdings.tokens.keys()]);
  for (const address of addresses) {
    // the native coin traded as a pool's base (ETH/USDC) is the native row: face value, no PnL
    if (address === x.native.address) continue;
    if (only && !only.has(address)) continue;
    const basis = x.bases.get(address);
    const balance = x.holdings.tokens.get(address)?.raw ?? 0n;
    const token = x.tokens.get(address);
    const decimals = token?.decimals ?? x.holdings.tokens.get(address)?.decimals ?? null;
    if (decimals === null) continue;
    const value = x.values.get(address) ?? { amountUsd: null, currentPriceUsd: null, reservesUsd: null };
    const open = basis !== undefined && basis.buys > 0 && basis.bagRaw > 0n;
    const stable = x.stablecoins.get(address);
    const base = {
      chain: x.chain,
      address,
      symbol: token?.symbol ?? stable ?? "",
      name: token?.name ?? token?.symbol ?? stable ?? "",
      iconUrl: token?.iconUrl ?? null,
      decimals,
      amount: formatUnits(balance, decimals),
    };
    if (!open && balance === 0n) continue;
    if (!open && stable !== undefined && basis === undefined) {
      if (!q.includeStables) continue;
      out.push({ row: faceValueRow(base, "stable", balance, decimals, 1), traded: false });
      continue;
    }
    const marketCapUsd =
      value.currentPriceUsd !== null && token?.totalSupply != null
        ? value.currentPriceUsd * (Number(token.totalSupply) / 10 ** decimals)
        : null;
    // filled for the page's rows by labelPositionRows
    const labels: string[] = [];
    if (open) {
      out.push({
        traded: true,
        row: positionRow(
          base,
          "position",
          value.amountUsd,
          value.currentPriceUsd,
          marketCapUsd,
          labels,
          positionFigures(basis, decimals, balance, value.amountUsd),
          {
            boughtTokens: formatUnits(basis.boughtRaw, decimals),
            soldTokens: formatUnits(basis.soldRaw, decimals),
            boughtUsd: basis.boughtUsd,
            soldUsd: basis.soldUsd,
            buys: basis.buys,
            sells: basis.sells,
            firstTradeAt: basis.firstTradeAt,
            lastTradeAt: basis.lastTradeAt,
            holdingSince: basis.holdingSince,
          },
        ),
      });
      continue;
    }
    // A fully sold token's residual balance is listed whatever its pool (rule 10); a received
    // holding only when its main pool has real reserves (rule 5).
    const residual = basis !== undefined && basis.buys > 0;
    if (!residual && (value.reservesUsd === null || value.reservesUsd < RECEIVED_MIN_RESERVES_USD)) continue;
    out.push({
      traded: false,
      row: positionRow(
        base,
        "position",
        value.amountUsd,
        value.currentPriceUsd,
        marketCapUsd,
        labels,
        HOLDING_PNL,
        NO_TRADES,
      ),
    });
  }
  if (q.includeNative && (!only || only.has(x.native.address))) {
    const n = x.native;
    const row = faceValueRow(
      {
        chain: x.chain,
        address: n.address,
        symbol: n.symbol,
        name: n.symbol,
        iconUrl: null,
        decimals: n.decimals,
        amount: formatUnits(x.holdings.nativeRaw, n.decimals),
      },
      "native",
      x.holdings.nativeRaw,
      n.decimals,
      n.usd,
    );
    out.push({ row, traded: false });
  }
  return out;
}

function faceValueRow(
  base: RowBase,
  kind: "native" | "stable",
  raw: bigint,
  decimals: number,
  usd: number | null,
): WalletPositionRow {
  return positionRow(
    base,
    kind,
    usd === null ? null : (Number(raw) / 10 ** decimals) * usd,
    usd,
    null,
    [],
    FACE_VALUE_PNL,
    NO_TRADES,
  );
}

type RowBase = Pick<
  WalletPositionRow,
  "chain" | "address" | "symbol" | "name" | "iconUrl" | "decimals" | "amount"
>;

/**
 * A row as one object literal in the contract's field order. Every row is built here: rows
 * spread together from several objects cost V8 tens of microseconds apiece (500 rows took 117 ms
 * to build, 5.5 ms as one literal), the bulk of a large page's time (bench/walletPositions.bench.ts).
 */
function positionRow(
  b: RowBase,
  kind: WalletPositionRow["kind"],
  amountUsd: number | null,
  currentPriceUsd: number | null,
  marketCapUsd: number | null,
  labels: string[],
  p: RowPnl,
  t: RowTrades,
): WalletPositionRow {
  return {
    chain: b.chain,
    address: b.address,
    symbol: b.symbol,
    name: b.name,
    iconUrl: b.iconUrl,
    kind,
    decimals: b.decimals,
    amount: b.amount,
    amountUsd,
    entryPriceUsd: p.entryPriceUsd,
    entryPriceLifetimeUsd: p.entryPriceLifetimeUsd,
    currentPriceUsd,
    marketCapUsd,
    exitPriceUsd: p.exitPriceUsd,
    realizedPnlUsd: p.realizedPnlUsd,
    unrealizedPnlUsd: p.unrealizedPnlUsd,
    totalPnlUsd: p.totalPnlUsd,
    boughtTokens: t.boughtTokens,
    soldTokens: t.soldTokens,
    boughtUsd: t.boughtUsd,
    soldUsd: t.soldUsd,
    buys: t.buys,
    sells: t.sells,
    firstTradeAt: t.firstTradeAt,
    lastTradeAt: t.lastTradeAt,
    holdingSince: t.holdingSince,
    buyFeesUsd: p.buyFeesUsd,
    sellFeesUsd: p.sellFeesUsd,
    totalFeesUsd: p.totalFeesUsd,
    labels,
  };
}

/**
 * The page and summary of a wallet's rows: rows under `minValueUsd` left out (a traded position
 * of unknown value always kept, and native and stable rows, asked for, even at an unknown price), sorted by value (unknown last, then address), cut at
 * `offset`/`limit`. The summary covers every row whatever `minValueUsd` and the page; value and
 * unrealized PnL cover rows carrying them; `positions` counts the rows of every page.
 */
export function pagePositions(
  built: readonly Built[],
  q: WalletPositionQuery,
): { data: WalletPositionRow[]; hasMore: boolean; summary: WalletPositionSummary } {
  let totalValueUsd = 0;
  let realized = 0;
  let unrealized = 0;
  for (const { row } of built) {
    totalValueUsd += row.amountUsd ?? 0;
    realized += row.realizedPnlUsd ?? 0;
    unrealized += row.unrealizedPnlUsd ?? 0;
  }
  const listed = built
    .filter(({ row, traded }) =>
      row.amountUsd === null
        ? traded || row.kind !== "position"
        : q.minValueUsd === 0 || row.amountUsd >= q.minValueUsd,
    )
    .map((b) => b.row)
    .sort((a, b) =>
      a.amountUsd === b.amountUsd
        ? a.address < b.address
          ? -1
          : a.address > b.address
            ? 1
            : 0
        : a.amountUsd === null
          ? 1
          : b.amountUsd === null
            ? -1
            : b.amountUsd - a.amountUsd,
    );
  const end = q.limit === null ? listed.length : q.offset + q.limit;
  return {
    data: listed.slice(q.offset, end),
    hasMore: end < listed.length,
    summary: {
      totalValueUsd,
      realizedPnlUsd: realized,
      unrealizedPnlUsd: unrealized,
      totalPnlUsd: realized + unrealized,
      positions: listed.length,
    },
  };
}
