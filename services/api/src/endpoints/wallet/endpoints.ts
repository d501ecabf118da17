import type { EndpointDef } from "../../endpoint.ts";
import { getWalletSwaps } from "./getWalletSwaps.ts";
import { getWalletTrades } from "./getWalletTrades.ts";
import { postWalletSwaps } from "./postWalletSwaps.ts";

/** The wallet group: swaps (single and batch) and trades. */
export const walletEndpoints: EndpointDef[] = [getWalletSwaps, postWalletSwaps, getWalletTrades];
