import { type ChainId, positionLabels, type WalletPositionRow, whaleVolumeUsd } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";
import type { TokenLaunch } from "../traders/readLaunchLabels.ts";
import { readWalletBadges } from "../traders/readWalletBadges.ts";
import type { CostTrade } from "./foldCostBasis.ts";

export type PositionLabelInputs = {
  chain: ChainId;
  wallet: string;
  /** the wallet's trades per token, valued by the chain's USD basis */
  trades: ReadonlyMap<string, readonly CostTrade[]>;
  /** the token's recorded deployer, when the token row names one */
  deployerOf: (token: string) => string | null;
  /** the launch of a token (kept for a while by the caller); null when it has no stored market */
  launchOf: (token: string) => Promise<TokenLaunch | null>;
  now: number;
};

/**
 * Fills the `labels` of the page's `position` rows in place (native and stable rows keep `[]`):
 * `dev`, `sniper` and `bundler` from the token's launch (the rules of the top traders and the
 * trade tape), `whale` from the wallet's 30-day USD volume on the token, `proTrader` and
 * `smartTrader` from the badge job's judgement of the wallet. Reads one launch per token of the
 * page and the wallet's badges once.
 */
export async function labelPositionRows(
  db: MarketDb,
  rows: WalletPositionRow[],
  x: PositionLabelInputs,
): Promise<void> {
  const positions = rows.filter((r) => r.kind === "position");
  if (positions.length === 0) return;
  const [badges, launches] = await Promise.all([
    readWalletBadges(db, x.chain, [x.wallet]),
    Promise.all(positions.map((r) => x.launchOf(r.address))),
  ]);
  const badge = badges.get(x.wallet) ?? null;
  positions.forEach((r, i) => {
    const launch = launches[i] ?? null;
    const deployer = launch?.deployer ?? x.deployerOf(r.address);
    r.labels = positionLabels({
      isDev: deployer === null ? null : deployer === x.wallet,
      isSniper: launch === null ? null : launch.snipers.has(x.wallet),
      isBundler: launch === null ? null : launch.bundlers.has(x.wallet),
      volumeUsd30d: whaleVolumeUsd(x.trades.get(r.address) ?? [], x.now),
      proTrader: badge?.proTrader ?? null,
      smartTrader: badge?.smartTrader ?? null,
    });
  });
}
