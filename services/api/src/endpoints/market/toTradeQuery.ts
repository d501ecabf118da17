import { type ChainId, InvalidParamError, isEvm, parseWalletAddress, type TradeQuery } from "@tapeline/core";

/** The parsed tape parameters (see `tradeQueryParams`). */
export type TradeParams = {
  fromAt?: number | undefined;
  toAt?: number | undefined;
  cursor?: string | undefined;
  limit: number;
  maker?: string | undefined;
  side?: "buy" | "sell" | undefined;
  minAmountToken?: number | undefined;
  minVolumeNative?: number | undefined;
  minVolumeUsd?: number | undefined;
  order: "desc" | "asc";
  wash?: "washOnly" | "excludeWash" | undefined;
  include?: "traderTxCounts"[] | undefined;
};

/**
 * Builds the tape query of a chain and address from parsed parameters, judging what needs the
 * chain: the maker address, and the wash filter (Solana only).
 * @throws InvalidParamError naming the parameter.
 */
export function toTradeQuery(
  chain: ChainId,
  address: string,
  p: TradeParams,
  pools: string[] | null,
): TradeQuery {
  if (p.wash && isEvm(chain))
    throw new InvalidParamError("wash", "wash is served on Solana only (EVM trades carry no wash flag)");
  if (p.fromAt !== undefined && p.toAt !== undefined && p.fromAt > p.toAt) {
    throw new InvalidParamError("fromAt", "fromAt is after toAt");
  }
  return {
    chain,
    address,
    pools,
    fromAt: p.fromAt ?? null,
    toAt: p.toAt ?? null,
    cursor: p.cursor ?? null,
    limit: p.limit,
    maker: p.maker === undefined ? null : parseWalletAddress(chain, p.maker, "maker"),
    side: p.side ?? null,
    minAmountToken: p.minAmountToken ?? null,
    minVolumeNative: p.minVolumeNative ?? null,
    minVolumeUsd: p.minVolumeUsd ?? null,
    order: p.order,
    wash: p.wash ?? null,
    include: p.include ?? [],
  };
}
