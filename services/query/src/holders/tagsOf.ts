import type { HolderTag } from "@tapeline/core";
import type pg from "pg";

/** Addresses that hold tokens nobody can move: the dead address (EVM) and the incinerator (Solana). */
const BURN_ADDRESSES = new Set([
  "0x000000000000000000000000000000000000dead",
  "1nc1nerator11111111111111111111111111111111",
]);

/** The tags of a page's holders: pools and curves of any market (by market key), V4 managers of the token's markets. */
export async function tagsOf(
  db: Pick<pg.Pool, "query">,
  chain: string,
  holders: readonly string[],
  markets: readonly { factory: string | null; venue_type: string; is_launchpad: boolean }[],
  lockers: ReadonlySet<string>,
): Promise<Map<string, HolderTag[]>> {
  const out = new Map<string, HolderTag[]>();
  if (holders.length === 0) return out;
  const pools = await db.query<{ address: string; is_launchpad: boolean }>(
    "select address, is_launchpad from pools where market = any($1::text[])",
    [holders.map((h) => `${chain}/${h}`)],
  );
  const kind = new Map(pools.rows.map((p) => [p.address, p.is_launchpad]));
  const managers = new Set(
    markets.filter((m) => m.venue_type === "UNISWAP_V4" && m.factory !== null).map((m) => m.factory!),
  );
  for (const h of holders) {
    const t: HolderTag[] = [];
    const launchpad = kind.get(h);
    if ((launchpad !== undefined && !launchpad) || managers.has(h)) t.push("pool");
    if (launchpad === true) t.push("bondingCurve");
    if (BURN_ADDRESSES.has(h)) t.push("burn");
    if (lockers.has(`${chain}/${h}`)) t.push("locker");
    out.set(h, t);
  }
  return out;
}
