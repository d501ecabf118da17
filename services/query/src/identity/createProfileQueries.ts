import { type ProfileQueries, type WalletProfile, walletKey } from "@tapeline/core";
import { createTtlCache } from "../market/createTtlCache.ts";
import type { MarketDb } from "../market/MarketDb.ts";
import type { IdentityRecord, IdentitySource } from "./IdentitySource.ts";
import type { NameKind, NameResolver } from "./NameResolver.ts";

export type ProfileQueriesOptions = {
  db: MarketDb;
  resolvers: readonly NameResolver[];
  sources: readonly IdentitySource[];
  /** how long a resolved name (or its absence) is served before the node is asked again; default 1 h */
  nameTtlMs?: number;
  /** most names kept; default 100,000 */
  maxNames?: number;
  now?: () => number;
};

const EVM = /^0x[0-9a-f]{40}$/;

/**
 * Wallet profiles: the verified names of the wallet's family (each resolver's answer cached,
 * bounded, with a lifetime; a resolver whose node fails is skipped for this answer and not
 * cached), the records of every identity source, and the `proTrader` badge on any chain of the
 * family. A wallet nothing knows gets a null profile and no linked wallets.
 */
export function createProfileQueries(opts: ProfileQueriesOptions): ProfileQueries {
  const names = createTtlCache<string | null>({
    ttlMs: opts.nameTtlMs ?? 3_600_000,
    max: opts.maxNames ?? 100_000,
    ...(opts.now ? { now: opts.now } : {}),
  });
  const chainIds = createTtlCache<string[]>({ ttlMs: 60_000, max: 2 });

  const settled = async <T>(p: Promise<T>): Promise<T | null> => p.catch(() => null);

  async function isProTrader(address: string, family: "evm" | "solana"): Promise<boolean> {
    const chains = await chainIds.get(family, async () => {
      const { rows } = await opts.db.query<{ chain_id: string }>(
        "select chain_id from chains where family = $1",
        [family],
      );
      return rows.map((r) => r.chain_id);
    });
    if (chains.length === 0) return false;
    const { rows } = await opts.db.query<{ pro: boolean | null }>(
      "select bool_or(pro_trader) as pro from wallet_badges where wallet_key = any($1::text[])",
      [chains.map((c) => walletKey(c as Parameters<typeof walletKey>[0], address))],
    );
    return rows[0]?.pro === true;
  }

  return {
    async walletProfile({ address }) {
      const family = EVM.test(address) ? "evm" : "solana";
      const resolvers = opts.resolvers.filter((r) => r.family === family);
      const [resolved, recordLists] = await Promise.all([
        Promise.all(
          resolvers.map(async (r) => ({
            kind: r.kind,
            name: await settled(names.get(`${r.kind}/${address}`, () => r.nameOf(address))),
          })),
        ),
        Promise.all(
          opts.sources.map(async (s) => ({
            source: s.name,
            records: (await settled(s.recordsOf(address))) ?? [],
          })),
        ),
      ]);
      const named = resolved.filter((r): r is { kind: NameKind; name: string } => r.name !== null);
      const records: IdentityRecord[] = recordLists.flatMap((l) => l.records);
      if (named.length === 0 && records.length === 0) return { profile: null, linkedWallets: [] };

      const nameOf = (kind: NameKind) => named.find((n) => n.kind === kind)?.name ?? null;
      const first = records[0];
      const firstName = named[0];
      const socials: Record<string, string> = {};
      const followerCounts: Record<string, number> = {};
      for (const r of records) {
        socials[r.network] ??= r.handle;
        if (r.followerCount !== null) followerCounts[r.network] ??= r.followerCount;
      }
      const url = records.find((r) => r.url !== null)?.url;
      if (url) socials.url = url;
      const profile: WalletProfile = {
        address,
        displayName: records.find((r) => r.displayName !== null)?.displayName ?? named[0]?.name ?? null,
        avatarUrl: records.find((r) => r.avatarUrl !== null)?.avatarUrl ?? null,
        ensName: nameOf("ens"),
        basename: nameOf("basename"),
        solName: nameOf("sns"),
        bio: records.find((r) => r.bio !== null)?.bio ?? null,
        socials,
        followerCounts,
        sources: [
          ...named.map((n) => n.kind),
          ...recordLists.filter((l) => l.records.length > 0).map((l) => l.source),
        ],
        // a social identity names the group; a wallet known by its on-chain name alone is its own group
        identityGroup: first ? `${first.network}:${first.handle}` : `${firstName?.kind}:${firstName?.name}`,
        isProTrader: await isProTrader(address, family),
      };
      const linked = new Set(records.flatMap((r) => r.wallets));
      linked.delete(address);
      return { profile, linkedWallets: [...linked] };
    },
  };
}
