import type { EndpointDef } from "../../endpoint.ts";
import { getWalletClosedPositions } from "./getWalletClosedPositions.ts";
import { getWalletEquityHistory } from "./getWalletEquityHistory.ts";
import { getWalletFunding } from "./getWalletFunding.ts";
import { getWalletPnl } from "./getWalletPnl.ts";
import { getWalletPositions } from "./getWalletPositions.ts";
import { getWalletProfile } from "./getWalletProfile.ts";
import { getWalletSwaps } from "./getWalletSwaps.ts";
import { getWalletTrades } from "./getWalletTrades.ts";
import { postWalletFunding } from "./postWalletFunding.ts";
import { postWalletProfile } from "./postWalletProfile.ts";
import { postWalletSwaps } from "./postWalletSwaps.ts";

/** The wallet group: swaps (single and batch), trades, positions, closed positions, the PnL curve, the equity history, funding and profiles (single and batch). */
export const walletEndpoints: EndpointDef[] = [
  getWalletSwaps,
  postWalletSwaps,
  getWalletTrades,
  getWalletPositions,
  getWalletClosedPositions,
  getWalletPnl,
  getWalletEquityHistory,
  getWalletFunding,
  postWalletFunding,
  getWalletProfile,
  postWalletProfile,
];
