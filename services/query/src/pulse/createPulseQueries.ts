import { type ChainId, capMarketValue, type PulseQueries, type PulseRow } from "@tapeline/core";

import type { CreatorProfiles } from "../identity/createCreatorProfiles.ts";
import { createTtlCache } from "../market/createTtlCache.ts";
import { decimalString } from "../market/decimalString.ts";
import { launchpadPoolOf, toTokenLaunchpad } from "../market/launchpadPoolOf.ts";
import type { MarketDb } from "../market/MarketDb.ts";
import { NATIVE_ADDRESSES, POOL_ROW_SQL, type PoolRow, toPoolRow } from "../market/readPoolRows.ts";
import { toTokenMetadata } from "../market/readTokenFacts.ts";
import { readUsdRates } from "../market/readUsdRates.ts";
import { wholeSupply } from "../market/toMarketDefinition.ts";
import { type MarketActivity, readPulseActivity } from "./readPulseActivity.ts";
import { PULSE_NEW_MS, type PulseCandidate, readPulseCandidates } from "./readPulseCandidates.ts";

export type PulseQueriesOptions = {
  db: MarketDb;
  /** clock (ms); tests pin it */
  now?: () => number;
  /** how long one view's answer is reused, default 1 s */
  ttlMs?: number;
  /** the creators' profile fields (the wallet profile read); without it they are served null */
  creatorProfiles?: CreatorProfiles;
};

type TokenRow = {
  chain_id: ChainId;
  address: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  total_supply: string | null;
  deployer: string | null;
  created_at: string | null;
  best_pool: string | null;
  metadata: Record<string, unknown> | null;
  name_rank: string | null;
};

/**
 * The launchpad lifecycle views. Each row is built by the token endpoint's rules from the same
 * stored rows: the best pool (tokens.best_pool, else the canonical pricing order) gives the price,
 * liquidity is summed over the token's markets, the launchpad block (bonding progress, migration,
 * `graduatedAt`) comes from the token's curve, the creator is the curve's creator else the
 * token's deployer (its profile fields from `creatorProfiles`), and the 24 h figures count every market of the token. A view's answer is
 * reused for `ttlMs`, so a hot view costs one computation per second.
 */
export function createPulseQueries(opts: PulseQueriesOptions): PulseQueries {
  const { db } = opts;
  const now = opts.now ?? Date.now;
  const answers = createTtlCache<PulseRow[]>({ ttlMs: opts.ttlMs ?? 1000, max: 256, now });

  async function rowsOf(candidates: PulseCandidate[], nowMs: number): Promise<PulseRow[]> {
    if (candidates.length === 0) return [];
    const chains = [...new Set(candidates.map((c) => c.chain))];
    const [tokens, pools, rates] = await Promise.all([
      db.query<TokenRow>(
        `select t.chain_id, t.address, t.name, t.symbol, t.decimals, t.total_supply, t.deployer, t.created_at,
                t.best_pool, t.metadata,
                case when t.symbol is null then null else (
                  select count(*) + 1 from tokens x
                  where x.chain_id = t.chain_id and lower(x.symbol) = lower(t.symbol) and x.address <> t.address
                    and (coalesce(x.created_at, 9223372036854775807), coalesce(x.created_block, 9223372036854775807), x.address)
                        < (coalesce(t.created_at, 9223372036854775807), coalesce(t.created_block, 9223372036854775807), t.address)) end as name_rank
         from tokens t
         join unnest($1::text[], $2::text[]) as k(chain_id, address) on t.chain_id = k.chain_id and t.address = k.address`,
        [candidates.map((c) => c.chain), candidates.map((c) => c.token)],
      ),
      db.query(
        `${POOL_ROW_SQL}
         join unnest($1::text[], $3::text[]) as k(chain_id, token) on p.chain_id = k.chain_id and p.token_address = k.token
         order by p.liquidity_native desc nulls last, p.last_trade_at desc nulls last, p.created_at asc nulls last, p.address`,
        [candidates.map((c) => c.chain), NATIVE_ADDRESSES, candidates.map((c) => c.token)],
      ),
      Promise.all(
        chains.map(async (c) => (await readUsdRates(db, c, [{ atMs: nowMs, notBeforeMs: 0 }]))[0] ?? null),
      ),
    ]);
    const spotOf = new Map(chains.map((c, i) => [c, rates[i] ?? null]));
    const factsOf = new Map(tokens.rows.map((r) => [`${r.chain_id}/${r.address}`, r]));
    const poolsOf = new Map<string, PoolRow[]>();
    for (const raw of pools.rows) {
      const p = toPoolRow(raw);
      const key = `${p.chain}/${p.tokenAddress}`;
      poolsOf.set(key, [...(poolsOf.get(key) ?? []), p]);
    }
    const activity = new Map<string, MarketActivity>();
    for (const chain of chains) {
      const markets = candidates
        .filter((c) => c.chain === chain)
        .flatMap((c) => (poolsOf.get(`${chain}/${c.token}`) ?? []).map((p) => p.market));
      const got = await readPulseActivity(db, {
        chain,
        markets,
        sinceMs: nowMs - PULSE_NEW_MS,
        nowMs,
        spotUsd: spotOf.get(chain) ?? null,
      });
      for (const [m, a] of got) activity.set(m, a);
    }
    const rows = candidates.map((c): PulseRow => {
      const key = `${c.chain}/${c.token}`;
      const facts = factsOf.get(key) ?? null;
      const mine = poolsOf.get(key) ?? [];
      const best = mine.find((p) => p.address === facts?.best_pool) ?? mine[0] ?? null;
      const curve = launchpadPoolOf(mine);
      const launchpad = curve ? toTokenLaunchpad(curve) : null;
      const spot = spotOf.get(c.chain) ?? null;
      const usd = (native: string | null) =>
        native === null || spot === null ? null : Number(native) * spot;
      const liquidityNative = sumDecimals(mine.map((p) => p.liquidityNative));
      const priceNative = decimalString(best?.priceNative ?? null);
      const priceUsd = usd(priceNative);
      const liquidityUsd = usd(liquidityNative);
      const decimals = facts?.decimals ?? best?.token.decimals ?? null;
      const totalSupply = wholeSupply(facts?.total_supply ?? null, decimals);
      const createdAt =
        curve?.createdAt ??
        (facts?.created_at == null ? null : Number(facts.created_at)) ??
        mine.reduce<number | null>(
          (m, p) => (p.createdAt !== null && (m === null || p.createdAt < m) ? p.createdAt : m),
          null,
        );
      const acts = mine.flatMap((p) => activity.get(p.market) ?? []);
      const buys = acts.reduce((s, a) => s + a.buys, 0);
      const sells = acts.reduce((s, a) => s + a.sells, 0);
      const creator = curve?.creator ?? facts?.deployer ?? null;
      const meta = toTokenMetadata(facts?.metadata ?? {});
      return {
        chain: c.chain,
        address: c.token,
        name: facts?.name ?? best?.token.name ?? null,
        symbol: facts?.symbol ?? best?.token.symbol ?? null,
        nameRank: facts?.name_rank == null ? null : Number(facts.name_rank),
        totalSupply,
        priceNative,
        priceUsd,
        marketCapUsd: capMarketValue(
          priceUsd === null || totalSupply === null ? null : priceUsd * Number(totalSupply),
          liquidityUsd,
        ),
        liquidityNative,
        liquidityUsd,
        pool: best
          ? {
              address: best.address,
              type: best.venueType,
              factory: best.factory,
              quoteAddress: best.quoteAddress,
              quoteSymbol: best.quote.symbol,
            }
          : null,
        bondingProgress: launchpad?.bondingProgress ?? null,
        migrated: launchpad?.graduated ?? false,
        createdAt,
        graduatedAt: launchpad?.graduatedAt ?? null,
        ageSeconds: createdAt === null ? null : Math.max(0, Math.floor((nowMs - createdAt) / 1000)),
        txns: buys + sells,
        buys,
        sells,
        volumeUsd: sumKnown(acts.map((a) => [a.volumeNative, a.volumeUsd])),
        feesUsd: sumKnown(acts.map((a) => [a.feesNative, a.feesUsd])),
        metadata: {
          iconUrl: meta.iconUrl,
          websiteUrl: meta.websiteUrl,
          twitterUrl: meta.twitterUrl,
          telegramUrl: meta.telegramUrl,
          dexPaid: meta.dexPaid,
        },
        creator:
          creator === null ? null : { address: creator, displayName: null, avatarUrl: null, ensName: null },
      };
    });
    if (!opts.creatorProfiles) return rows;
    // one lookup for the page's creators, bounded in time (see createCreatorProfiles)
    const profiles = await opts.creatorProfiles(rows.flatMap((r) => (r.creator ? [r.creator.address] : [])));
    return rows.map((r) => {
      const p = r.creator ? profiles.get(r.creator.address) : undefined;
      return p && r.creator ? { ...r, creator: { ...r.creator, ...p } } : r;
    });
  }

  return {
    async pulse(q) {
      const key = JSON.stringify([q.view, [...q.chains].sort(), q.limit]);
      return answers.get(key, async () => {
        const nowMs = now();
        return rowsOf(await readPulseCandidates(db, { ...q, nowMs }), nowMs);
      });
    },
  };
}

/** USD total of markets given as [native, usd] pairs: null when a market with value has no known USD. */
function sumKnown(pairs: [number, number | null][]): number | null {
  let total = 0;
  for (const [native, usd] of pairs) {
    if (usd === null) {
      if (native !== 0) return null;
    } else total += usd;
  }
  return total;
}

/** Exact sum of stored decimal strings (null when none is known), as the token endpoint's SQL sum. */
function sumDecimals(values: (string | null)[]): string | null {
  const known = values.filter((v): v is string => v !== null);
  if (known.length === 0) return null;
  const scale = Math.max(...known.map((v) => (v.includes(".") ? v.length - v.indexOf(".") - 1 : 0)));
  const scaled = known.map((v) => {
    const [i, f = ""] = v.split(".");
    return BigInt(`${i}${f.padEnd(scale, "0")}`);
  });
  const total = scaled.reduce((a, b) => a + b, 0n);
  const neg = total < 0n;
  const digits = (neg ? -total : total).toString().padStart(scale + 1, "0");
  const whole = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return decimalString(`${neg ? "-" : ""}${whole}`);
}
