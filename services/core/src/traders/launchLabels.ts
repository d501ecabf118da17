/**
 * The launch-time labels of a token's traders (`sniper`, `bundler`), judged on the first trades
 * of the token's first market. Rules and thresholds are documented in this folder's README.
 */

/** A buy counts as a sniper's within this many ms of the market's first trade... */
export const SNIPER_WINDOW_MS = 5_000;
/** ...or within this many blocks (Solana: slots) after the market's creation block (blocks 0-3). */
export const SNIPER_WINDOW_BLOCKS = 3;
/** Distinct wallets buying in the launch block (slot) from which each of them is a bundler. */
export const BUNDLER_MIN_WALLETS = 4;
/** Trades of the launch market read to judge its launch (a busier launch is judged on these). */
export const LAUNCH_TRADES_MAX = 1_000;

/**
 * What the launch is judged against: the first market's creation block, the token's creator and
 * the transaction that created the token (null when not recorded).
 */
export type LaunchFacts = {
  createdBlock: number | null;
  deployer: string | null;
  creationTx?: string | null;
};

/** One trade of the launch market. */
export type LaunchTrade = { maker: string; isBuy: boolean; block: number; at: number; txHash?: string };

export type LaunchLabels = { snipers: Set<string>; bundlers: Set<string> };

/**
 * The first funder of each early buyer (`GET /v1/wallet/funding`), exchange and bridge hot
 * wallets left out (a shared exchange withdrawal says nothing of a bundle).
 */
export type LaunchFunders = ReadonlyMap<string, string>;

/** Where a token's launch stands: its first trade, its first market's creation block, and whether it was judged whole. */
export type LaunchWindow = { firstTradeAt: number | null; createdBlock: number | null; full: boolean };

/**
 * Whether a trade lies past the launch's sniper windows (by time and by block), so no trade like
 * it can change the launch's labels any more: labels read before it still hold for it. A launch
 * judged on its full `LAUNCH_TRADES_MAX` trades is settled for every trade.
 */
export function pastLaunchWindows(launch: LaunchWindow, t: { at: number; block: number }): boolean {
  if (launch.full) return true;
  if (launch.firstTradeAt === null) return false;
  const afterTime = t.at > launch.firstTradeAt + SNIPER_WINDOW_MS;
  const afterBlocks = launch.createdBlock === null || t.block > launch.createdBlock + SNIPER_WINDOW_BLOCKS;
  return afterTime && afterBlocks;
}

/**
 * The snipers and bundlers of a launch. `trades` are the launch market's first trades in chain
 * order; `funders` the first funders of its early buyers (the snipers), where recorded. Neither the deployer nor a buy inside the token's creation transaction is labelled (they
 * are the launch itself).
 * @example launchLabels({ createdBlock: 10, deployer: "0xdev" }, trades).snipers.has("0xabc")
 */
export function launchLabels(
  launch: LaunchFacts,
  trades: readonly LaunchTrade[],
  funders: LaunchFunders = new Map(),
): LaunchLabels {
  const snipers = new Set<string>();
  const bundlers = new Set<string>();
  const first = trades[0];
  if (!first) return { snipers, bundlers };
  const launchBuyers = new Set<string>();
  for (const t of trades) {
    if (!t.isBuy || t.maker === launch.deployer) continue;
    if (launch.creationTx && t.txHash === launch.creationTx) continue;
    const early =
      t.at <= first.at + SNIPER_WINDOW_MS ||
      (launch.createdBlock !== null && t.block <= launch.createdBlock + SNIPER_WINDOW_BLOCKS);
    if (early) snipers.add(t.maker);
    if (t.block === first.block) launchBuyers.add(t.maker);
  }
  if (launchBuyers.size >= BUNDLER_MIN_WALLETS) for (const w of launchBuyers) bundlers.add(w);
  // early buyers funded by the same wallet as another early buyer
  const byFunder = new Map<string, string[]>();
  for (const w of snipers) {
    const f = funders.get(w);
    if (f !== undefined && f !== w) byFunder.set(f, [...(byFunder.get(f) ?? []), w]);
  }
  for (const group of byFunder.values()) if (group.length >= 2) for (const w of group) bundlers.add(w);
  return { snipers, bundlers };
}
