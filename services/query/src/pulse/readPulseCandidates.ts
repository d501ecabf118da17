import type { ChainId, PulseView } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";

/** Window of the `new` view and of a curve's activity in `bonding`. */
export const PULSE_NEW_MS = 86_400_000;
/** Window of the `graduated` view. */
export const PULSE_GRADUATED_MS = 7 * 86_400_000;

/** A token a view lists, in the view's order. */
export type PulseCandidate = { chain: ChainId; token: string };

/**
 * The launchpad tokens of a view, best first, at most `limit`:
 * - `new`: bonding-curve tokens created under 24 h ago (the curve's creation, else the token's), newest first;
 * - `bonding`: curves neither migrated nor filled that traded in the last 24 h, by bonding progress, highest first;
 * - `graduated`: curves migrated in the last 7 days (by the migration event's time), and curves
 *   filled but not yet migrated (virtually graduated) whose last trade is that recent, latest first.
 * One statement over the launchpad markets joined to their token rows (a reference table on Citus).
 */
export async function readPulseCandidates(
  db: MarketDb,
  q: { view: PulseView; chains: ChainId[]; limit: number; nowMs: number },
): Promise<PulseCandidate[]> {
  const created = "coalesce(p.created_at, t.created_at)";
  const where: Record<PulseView, string> = {
    // the curve's creation when the market row has it (indexed), else the token's
    new: `(p.created_at > $2 and p.created_at <= $3)
          or (p.created_at is null and t.created_at > $2 and t.created_at <= $3)`,
    bonding:
      "not p.migrated and coalesce(p.bonding_progress, 0) < 100 and p.last_trade_at > $2 and p.last_trade_at <= $3",
    graduated: `(p.migrated and p.graduated_at > $2 and p.graduated_at <= $3)
                or (not p.migrated and p.bonding_progress >= 100 and p.last_trade_at > $2 and p.last_trade_at <= $3)`,
  };
  const order: Record<PulseView, string> = {
    new: `${created} desc, p.market`,
    bonding: "p.bonding_progress desc nulls last, p.last_trade_at desc, p.market",
    graduated: "coalesce(p.graduated_at, p.last_trade_at) desc, p.market",
  };
  const since = q.nowMs - (q.view === "graduated" ? PULSE_GRADUATED_MS : PULSE_NEW_MS);
  // a token with two curves is listed once, at its best place
  const { rows } = await db.query<{ chain_id: ChainId; token_address: string }>(
    `select p.chain_id, p.token_address
     from pools p
     left join tokens t on t.chain_id = p.chain_id and t.address = p.token_address
     where p.is_launchpad and p.chain_id = any($1::text[]) and (${where[q.view]})
     order by ${order[q.view]}
     limit $4`,
    [q.chains, since, q.nowMs, q.limit * 2],
  );
  const seen = new Set<string>();
  const out: PulseCandidate[] = [];
  for (const r of rows) {
    const key = `${r.chain_id}/${r.token_address}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ chain: r.chain_id, token: r.token_address });
    if (out.length === q.limit) break;
  }
  return out;
}
