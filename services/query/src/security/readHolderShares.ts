import { type ChainId, marketKey } from "@tapeline/core";
import { tagsOf } from "../holders/tagsOf.ts";
import type { MarketDb } from "../market/MarketDb.ts";
import type { TokenLaunch } from "../traders/readLaunchLabels.ts";

export type HolderShares = {
  top10HolderPct: number | null;
  snipersHoldPct: number | null;
  bundlersHoldPct: number | null;
};

const UNKNOWN: HolderShares = { top10HolderPct: null, snipersHoldPct: null, bundlersHoldPct: null };
const PAGE = 50;

/** Percent of `supply` held, to 6 significant digits (as the holders endpoint's `supplySharePct`). */
function sharePct(amount: bigint, supply: bigint): number {
  return Number((amount * 10n ** 12n) / supply) / 1e10;
}

/**
 * Shares of the token's recorded total supply held, from the ingest's balances: by the ten largest
 * holders that are not tagged (pool, bonding curve, burn, locker, as `GET /v1/token/holders` tags
 * them), and now by the launch's snipers and by its bundlers. All null when the token's balances
 * are not tracked or its total supply is unknown; the launch shares null without a launch.
 */
export async function readHolderShares(
  db: MarketDb,
  chain: ChainId,
  token: string,
  launch: TokenLaunch | null,
  lockers: ReadonlySet<string>,
): Promise<HolderShares> {
  const key = marketKey(chain, token);
  const [stats, tok] = await Promise.all([
    db.query("select 1 from token_holder_stats where token_key = $1", [key]),
    db.query<{ total_supply: string | null }>(
      "select total_supply::text from tokens where chain_id = $1 and address = $2",
      [chain, token],
    ),
  ]);
  const supplyText = tok.rows[0]?.total_supply ?? null;
  if (stats.rows.length === 0 || supplyText === null || BigInt(supplyText) <= 0n) return UNKNOWN;
  const supply = BigInt(supplyText);
  const markets = await db.query<{ factory: string | null; venue_type: string; is_launchpad: boolean }>(
    "select factory, venue_type, is_launchpad from token_markets where token_key = $1",
    [key],
  );
  // largest first, a page at a time, until ten untagged holders (tagged ones are few: pools, burns, lockers)
  let top = 0n;
  let counted = 0;
  for (let offset = 0; counted < 10; offset += PAGE) {
    const page = await db.query<{ holder: string; amount: string }>(
      `select holder, balance::text as amount from token_holders where token_key = $1
       order by balance desc, holder limit $2 offset $3`,
      [key, PAGE, offset],
    );
    const tags = await tagsOf(
      db,
      chain,
      page.rows.map((r) => r.holder),
      markets.rows,
      lockers,
    );
    for (const r of page.rows) {
      if (counted === 10 || (tags.get(r.holder) ?? []).length > 0) continue;
      top += BigInt(r.amount);
      counted++;
    }
    if (page.rows.length < PAGE) break;
  }
  if (!launch) return { ...UNKNOWN, top10HolderPct: sharePct(top, supply) };
  const held = async (wallets: ReadonlySet<string>): Promise<number> => {
    if (wallets.size === 0) return 0;
    const res = await db.query<{ total: string | null }>(
      "select sum(balance)::text as total from token_holders where token_key = $1 and holder = any($2::text[])",
      [key, [...wallets]],
    );
    return sharePct(BigInt(res.rows[0]?.total ?? "0"), supply);
  };
  return {
    top10HolderPct: sharePct(top, supply),
    snipersHoldPct: await held(launch.snipers),
    bundlersHoldPct: await held(launch.bundlers),
  };
}
