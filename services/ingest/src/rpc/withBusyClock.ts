import type { RpcClient } from "./createRpcClient.ts";

/**
 * The client with a clock of the time it had at least one call in flight (overlapping calls
 * count once): what a stage spent waiting on the node, for stage timings.
 */
export function withBusyClock(rpc: RpcClient): { rpc: RpcClient; busyMs: () => number } {
  let inFlight = 0;
  let since = 0;
  let total = 0;
  const timed =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (inFlight++ === 0) since = performance.now();
      try {
        return await fn(...args);
      } finally {
        if (--inFlight === 0) total += performance.now() - since;
      }
    };
  return {
    rpc: {
      ...rpc,
      request: timed(rpc.request) as RpcClient["request"],
      batch: timed(rpc.batch) as RpcClient["batch"],
      batchSettled: timed(rpc.batchSettled) as RpcClient["batchSettled"],
    },
    busyMs: () => total + (inFlight > 0 ? performance.now() - since : 0),
  };
}
