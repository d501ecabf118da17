import {
  type ChainId,
  LAUNCH_TRADES_MAX,
  type LaunchLabels,
  launchLabels,
  marketKey,
  walletKey,
} from "@tapeline/core";
import { funderTags } from "../funding/funderTags.ts";
import type { MarketDb } from "../market/MarketDb.ts";

/**
 * A token's launch as the labels judge it: its deployer (null when unknown), its snipers and
 * bundlers, and the facts they were judged against (the first market's first trade time and
 * creation block, and whether the read reached LAUNCH_TRADES_MAX trades).
 */
export type TokenLaunch = LaunchLabels & {
  deployer: string | null;
  firstTradeAt: number | null;
  createdBlock: number | null;
  full: boolean;
};

/**
 * The launch of a token: its deployer (the token's recorded deployer, else the creator of its
 * first market when that market is a launchpad curve) and the snipers and bundlers of its first
 * market (earliest created, then earliest creation block; from the token's market list, one
 * shard on Citus), judged by {@link launchLabels} (the
 * token's creation transaction left out) on
 * that market's first LAUNCH_TRADES_MAX trades in chain order. Null when the token has no stored
 * market.
 */
export async function readLaunchLabels(
  db: MarketDb,
  chain: ChainId,
  token: string,
): Promise<TokenLaunch | null> {
  const first = await db.query<{
    market: string;
    created_block: string | null;
    is_launchpad: boolean;
    creator: string | null;
    deployer: string | null;
    created_tx: string | null;
  }>(
    `select p.market, p.created_block, p.is_launchpad, p.creator, t.deployer, t.created_tx
     from token_markets p left join tokens t on t.chain_id = p.chain_id and t.address = p.token_address
     where p.token_key = $1
     order by p.created_at asc nulls last, p.created_block asc nulls last, p.market collate "C" limit 1`,
    [marketKey(chain, token)],
  );
  const launch = first.rows[0];
  if (!launch) return null;
  const deployer = launch.deployer ?? (launch.is_launchpad ? launch.creator : null);
  const trades = await db.query<{
    maker: string;
    is_buy: boolean;
    block: string;
    at: string;
    tx_hash: string;
  }>(
    `select maker, is_buy, block, at, tx_hash from trades where market = $1
     order by at, block, log_index, id limit $2`,
    [launch.market, LAUNCH_TRADES_MAX],
  );
  const createdBlock = launch.created_block === null ? null : Number(launch.created_block);
  const facts = { createdBlock, deployer, creationTx: launch.created_tx };
  const launchTrades = trades.rows.map((r) => ({
    maker: r.maker,
    isBuy: r.is_buy,
    block: Number(r.block),
    at: Number(r.at),
    txHash: r.tx_hash,
  }));
  // the early buyers first, then their recorded funders (exchange hot wallets left out)
  const early = launchLabels(facts, launchTrades).snipers;
  const labels = launchLabels(facts, launchTrades, await readLaunchFunders(db, chain, [...early]));
  const firstTrade = trades.rows[0];
  return {
    ...labels,
    deployer,
    firstTradeAt: firstTrade ? Number(firstTrade.at) : null,
    createdBlock,
    full: trades.rows.length >= LAUNCH_TRADES_MAX,
  };
}

const shippedTags = funderTags();

/** The recorded first funder of each wallet, funders in the shipped exchange and bridge set left out. */
async function readLaunchFunders(
  db: MarketDb,
  chain: ChainId,
  wallets: string[],
): Promise<Map<string, string>> {
  if (wallets.length === 0) return new Map();
  const { rows } = await db.query<{ wallet: string; funder: string }>(
    "select wallet, funder from wallet_funding where wallet_key = any($1::text[])",
    [wallets.map((w) => walletKey(chain, w))],
  );
  return new Map(
    rows.filter((r) => !shippedTags.has(walletKey(chain, r.funder))).map((r) => [r.wallet, r.funder]),
  );
}
