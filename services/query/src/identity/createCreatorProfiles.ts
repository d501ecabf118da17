import type { ProfileQueries, PulseCreator } from "@tapeline/core";
import { createTtlCache } from "../market/createTtlCache.ts";

/** The profile fields a launch row shows for its creator. */
export type CreatorProfile = Omit<PulseCreator, "address">;

/**
 * The creator profiles of a page of rows, by address; an address missing from the answer is not
 * known yet (its fields are served null).
 */
export type CreatorProfiles = (addresses: readonly string[]) => Promise<ReadonlyMap<string, CreatorProfile>>;

const NONE: CreatorProfile = { displayName: null, avatarUrl: null, ensName: null };

/**
 * Creator profile fields from the wallet profile read (`GET /v1/wallet/profile`'s resolvers and
 * identity sources), kept in memory (`ttlMs`, at most `max` wallets, a wallet with no profile
 * included). A page's unknown creators are all looked up at once, and the page waits at most
 * `waitMs` for them: a lookup still running then is served as unknown and fills the cache for
 * the next page, so a slow name node never holds a page up. A lookup that fails is not kept.
 */
export function createCreatorProfiles(opts: {
  profiles: Pick<ProfileQueries, "walletProfile">;
  /** @defaultValue 10 minutes */
  ttlMs?: number;
  /** @defaultValue 100,000 */
  max?: number;
  /** @defaultValue 250 ms */
  waitMs?: number;
  now?: () => number;
}): CreatorProfiles {
  const cache = createTtlCache<CreatorProfile>({
    ttlMs: opts.ttlMs ?? 600_000,
    max: opts.max ?? 100_000,
    ...(opts.now ? { now: opts.now } : {}),
  });
  const waitMs = opts.waitMs ?? 250;

  const load = async (address: string): Promise<CreatorProfile> => {
    const { profile } = await opts.profiles.walletProfile({ address });
    return profile
      ? { displayName: profile.displayName, avatarUrl: profile.avatarUrl, ensName: profile.ensName }
      : NONE;
  };

  return async (addresses) => {
    const out = new Map<string, CreatorProfile>();
    const unique = [...new Set(addresses)];
    if (unique.length === 0) return out;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), waitMs);
    });
    try {
      await Promise.all(
        unique.map(async (a) => {
          const lookup = cache.get(a, () => load(a));
          // a lookup left running past the wait must not surface as an unhandled rejection
          lookup.catch(() => {});
          const first = await Promise.race([lookup.catch(() => "failed" as const), late]);
          if (first !== "late" && first !== "failed") out.set(a, first);
        }),
      );
    } finally {
      clearTimeout(timer);
    }
    return out;
  };
}
