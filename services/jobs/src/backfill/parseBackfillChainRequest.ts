import { type BackfillChainRequest, type ChainId, NonRetryableJobError, parseChainId } from "@tapeline/core";

/**
 * Validates the payload of a `backfill-chain` job as the operator enqueues it.
 * @throws NonRetryableJobError naming what is wrong (a malformed job fails the same way on every retry).
 */
export function parseBackfillChainRequest(data: unknown): BackfillChainRequest & { chain: ChainId } {
  const o = (data ?? {}) as Record<string, unknown>;
  let chain: ChainId;
  try {
    chain = parseChainId(o.chain, "chain");
  } catch {
    throw new NonRetryableJobError(
      `backfill-chain: chain must be evm:<id> or solana, got ${JSON.stringify(o.chain)}`,
    );
  }
  const fromBlock = o.fromBlock;
  const blocksPerJob = o.blocksPerJob;
  if (typeof fromBlock !== "number" || !Number.isSafeInteger(fromBlock) || fromBlock < 0)
    throw new NonRetryableJobError(
      `backfill-chain: fromBlock must be a block number, got ${JSON.stringify(fromBlock)}`,
    );
  if (typeof blocksPerJob !== "number" || !Number.isSafeInteger(blocksPerJob) || blocksPerJob < 1)
    throw new NonRetryableJobError(
      `backfill-chain: blocksPerJob must be a positive integer, got ${JSON.stringify(blocksPerJob)}`,
    );
  return {
    chain,
    chainName: typeof o.chainName === "string" ? o.chainName : "",
    namespace: typeof o.namespace === "string" ? o.namespace : "",
    fromBlock,
    blocksPerJob,
  };
}
