import {
  type DeployerTokenRow,
  type DevTokenQueries,
  type DevTokensPage,
  deployerStatsOfCounts,
} from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";
import { readUsdRates } from "../market/readUsdRates.ts";
import { countDeployerTokens, readDeployerTokens } from "./readDeployerTokens.ts";
import { resolveDeployer } from "./resolveDeployer.ts";

export type DevTokenQueriesOptions = {
  db: MarketDb;
  /** most tokens of one deployer judged per request; past it the stats describe the page (truncated) */
  maxJudged?: number;
  now?: () => number;
};

/** Most tokens of one deployer judged per request by default. */
const DEV_TOKENS_MAX_JUDGED = 10_000;

/**
 * The deployer track record (README): the deployer resolved from the token or taken as given,
 * its tokens (the queried one left out) with the verdicts the ingest writer stored for them,
 * the page in the order read (newest recorded token creation first, tokens without one last), and
 * the figures over all of them (over the page alone past `maxJudged` tokens).
 */
export function createDevTokenQueries(opts: DevTokenQueriesOptions): DevTokenQueries {
  const { db } = opts;
  const now = opts.now ?? Date.now;
  const maxJudged = opts.maxJudged ?? DEV_TOKENS_MAX_JUDGED;
  return {
    async devTokens(q): Promise<DevTokensPage> {
      const asOf = now();
      const deployer =
        q.wallet ?? (q.address === null ? null : await resolveDeployer(db, q.chain, q.address));
      if (deployer === null) return { data: [], asOf, deployer: null, stats: null, truncated: false };
      const exclude = q.wallet === null ? q.address : null;
      const [{ tokens, counts, more }, [rate]] = await Promise.all([
        readDeployerTokens(db, { chain: q.chain, deployer, exclude, max: maxJudged, limit: q.limit }),
        readUsdRates(db, q.chain, [{ atMs: asOf, notBeforeMs: 0 }]),
      ]);
      const total = more ? await countDeployerTokens(db, { chain: q.chain, deployer, exclude }) : undefined;
      const data = tokens.map(
        (t): DeployerTokenRow => ({
          chain: q.chain,
          address: t.address,
          name: t.name,
          symbol: t.symbol,
          createdAt: t.createdAt,
          migrated: t.graduated,
          isLaunchpad: t.isLaunchpad,
          liquidityNative: t.liquidityNative,
          liquidityUsd: t.liquidityNative === null || rate == null ? null : Number(t.liquidityNative) * rate,
          status: t.status,
        }),
      );
      return { data, asOf, deployer, stats: deployerStatsOfCounts(counts, total), truncated: more };
    },
  };
}
