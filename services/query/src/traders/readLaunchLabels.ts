import { type ChainId, LAUNCH_TRADES_MAX, type LaunchLabels, launchLabels } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";

/**
 * The snipers and bundlers of a token's launch: its first market (earliest created, then
 * earliest creation block) and that market's first LAUNCH_TRADES_MAX trades in chain order,
 * judged by {@link launchLabels}. Null when the token has no stored market.
 */
export async function readLaunchLabels(
  db: MarketDb,
  chain: ChainId,
  token: string,
  deployer: string | null,
): Promise<LaunchLabels | null> {
  const first = await db.query<{ market: string; created_block: string | null }>(
    `select market, created_block from pools where chain_id = $1 and token_address = $2
     order by created_at asc nulls last, created_block asc nulls last, market collate "C" limit 1`,
    [chain, token],
  );
  const launch = first.rows[0];
  if (!launch) return null;
  const trades = await db.query<{ maker: string; is_buy: boolean; block: string; at: string }>(
    `select maker, is_buy, block, at from trades where market = $1
     order by at, block, log_index, id limit $2`,
    [launch.market, LAUNCH_TRADES_MAX],
  );
  return launchLabels(
    { createdBlock: launch.created_block === null ? null : Number(launch.created_block), deployer },
    trades.rows.map((r) => ({ maker: r.maker, isBuy: r.is_buy, block: Number(r.block), at: Number(r.at) })),
  );
}
