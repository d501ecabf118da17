import { type ChainId, type TokenActivity, walletBadges, walletKey } from "@tapeline/core";
import type pg from "pg";

const DAY = 86_400_000;
/** Wallet rows written per statement. */
const UPSERT_CHUNK = 1_000;

type Row = {
  wallet: string;
  buys30: number;
  sells30: number;
  bought30: string;
  sold30: string;
  buys90: number;
  sells90: number;
  bought90: string;
  sold90: string;
};

/** Wallets judged per pass: each pass reads their trade events of the 90 days and writes their rows. */
const WALLETS_PER_PASS = 10_000;

type Judged = { wallet: string } & ReturnType<typeof walletBadges>;

/** The badges of the wallets of one pass, from their rows of {@link Row} (one per wallet and token). */
function judge(rows: readonly (Row & { token_address: string })[]): Judged[] {
  const byWallet = new Map<string, { days30: TokenActivity[]; days90: TokenActivity[] }>();
  for (const r of rows) {
    const a = byWallet.get(r.wallet) ?? { days30: [], days90: [] };
    if (r.buys30 + r.sells30 > 0) {
      a.days30.push({
        buys: r.buys30,
        sells: r.sells30,
        boughtNative: Number(r.bought30),
        soldNative: Number(r.sold30),
      });
    }
    a.days90.push({
      buys: r.buys90,
      sells: r.sells90,
      boughtNative: Number(r.bought90),
      soldNative: Number(r.sold90),
    });
    byWallet.set(r.wallet, a);
  }
  return [...byWallet].map(([wallet, activity]) => ({ wallet, ...walletBadges(activity) }));
}

/**
 * Recomputes the badges of every wallet of `chain` that traded in the last 90 days from the
 * wallet-keyed trade events (`wallet_trades`: one per transaction, token and side, native value
 * at the trade), by the rules of {@link walletBadges}, and stores them with the figures they were
 * judged on. Wallets stored earlier that no longer traded in 90 days keep a row with no badge.
 * The wallets are taken `walletsPerPass` at a time along the wallet key (a chain may have tens of
 * millions: never one result), all in one transaction, which also records the run
 * (`wallet_badge_runs`). Idempotent: a rerun at the same time writes the same rows.
 * @returns how many wallets were judged and how many carry each badge.
 */
export async function recomputeWalletBadges(
  pool: pg.Pool,
  chain: ChainId,
  now: number,
  walletsPerPass = WALLETS_PER_PASS,
): Promise<{ wallets: number; proTraders: number; smartTraders: number }> {
  const out = { wallets: 0, proTraders: 0, smartTraders: 0 };
  const client = await pool.connect();
  try {
    await client.query("begin");
    let after = "";
    while (true) {
      // the pass's wallets: the next ones along the wallet key with a trade event (any age)
      const keys = await client.query<{ k: string }>(
        `select distinct wallet_key as k from wallet_trades where chain_id = $1 and wallet_key > $2
         order by wallet_key limit $3`,
        [chain, after, walletsPerPass],
      );
      const last = keys.rows.at(-1)?.k;
      if (last === undefined) break;
      // one row per wallet and token; a trade without a native value counts as a trade only
      const { rows } = await client.query<Row & { token_address: string }>(
        `select wallet, token_address,
                (count(*) filter (where is_buy and at >= $3))::int as buys30,
                (count(*) filter (where not is_buy and at >= $3))::int as sells30,
                coalesce(sum(volume_native) filter (where is_buy and at >= $3), 0) as bought30,
                coalesce(sum(volume_native) filter (where not is_buy and at >= $3), 0) as sold30,
                (count(*) filter (where is_buy))::int as buys90,
                (count(*) filter (where not is_buy))::int as sells90,
                coalesce(sum(volume_native) filter (where is_buy), 0) as bought90,
                coalesce(sum(volume_native) filter (where not is_buy), 0) as sold90
         from wallet_trades
         where chain_id = $1 and wallet_key > $5 and wallet_key <= $6 and at >= $2 and at <= $4
         group by wallet, token_address`,
        [chain, now - 90 * DAY, now - 30 * DAY, now, after, last],
      );
      const judged = judge(rows);
      for (let i = 0; i < judged.length; i += UPSERT_CHUNK) {
        await upsertBadges(client, chain, now, judged.slice(i, i + UPSERT_CHUNK));
      }
      out.wallets += judged.length;
      out.proTraders += judged.filter((j) => j.proTrader).length;
      out.smartTraders += judged.filter((j) => j.smartTrader).length;
      if (keys.rows.length < walletsPerPass) break;
      after = last;
    }
    // wallets quiet for 90 days: nothing to judge, so no badge
    await client.query(
      `update wallet_badges set pro_trader = false, smart_trader = false, trades_30d = 0, tokens_30d = 0,
         realized_native_30d = 0, realized_native_90d = 0, decided_tokens_90d = 0, won_tokens_90d = 0,
         computed_at = $2
       where chain_id = $1 and computed_at < $2`,
      [chain, now],
    );
    // readers keep badges until this changes (createWalletBadgeCache)
    await client.query(
      `insert into wallet_badge_runs (chain_id, computed_at) values ($1, $2)
       on conflict (chain_id) do update set computed_at = excluded.computed_at`,
      [chain, now],
    );
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  return out;
}

async function upsertBadges(client: pg.PoolClient, chain: ChainId, now: number, part: readonly Judged[]) {
  await client.query(
    `insert into wallet_badges as b (wallet_key, chain_id, wallet, pro_trader, smart_trader, trades_30d, tokens_30d,
       realized_native_30d, realized_native_90d, decided_tokens_90d, won_tokens_90d, computed_at)
     select u.wallet_key, $1, u.wallet, u.pro, u.smart, u.trades, u.tokens, u.r30, u.r90, u.decided, u.won, $2
     from unnest($3::text[], $4::text[], $5::bool[], $6::bool[], $7::int[], $8::int[], $9::numeric[], $10::numeric[],
       $11::int[], $12::int[]) as u(wallet_key, wallet, pro, smart, trades, tokens, r30, r90, decided, won)
     on conflict (wallet_key) do update set pro_trader = excluded.pro_trader, smart_trader = excluded.smart_trader,
       trades_30d = excluded.trades_30d, tokens_30d = excluded.tokens_30d,
       realized_native_30d = excluded.realized_native_30d, realized_native_90d = excluded.realized_native_90d,
       decided_tokens_90d = excluded.decided_tokens_90d, won_tokens_90d = excluded.won_tokens_90d,
       computed_at = excluded.computed_at`,
    [
      chain,
      now,
      part.map((j) => walletKey(chain, j.wallet)),
      part.map((j) => j.wallet),
      part.map((j) => j.proTrader),
      part.map((j) => j.smartTrader),
      part.map((j) => j.trades30d),
      part.map((j) => j.tokens30d),
      part.map((j) => j.realizedNative30d),
      part.map((j) => j.realizedNative90d),
      part.map((j) => j.decidedTokens90d),
      part.map((j) => j.wonTokens90d),
    ],
  );
}
