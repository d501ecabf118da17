import type { EndpointDef } from "../../endpoint.ts";
import { getWalletClosedPositions } from "./getWalletClosedPositions.ts";
import { getWalletPositions } from "./getWalletPositions.ts";
import { getWalletSwaps } from "./getWalletSwaps.ts";
import { getWalletTrades } from "./getWalletTrades.ts";
import { postWalletSwaps } from "./postWalletSwaps.ts";

/** The wallet group: swaps (single and batch), trades, positions and closed positions. */
export const walletEndpoints: EndpointDef[] = [
  getWalletSwaps,
  postWalletSwaps,
  getWalletTrades,
  getWalletPositions,
  getWalletClosedPositions,
];
