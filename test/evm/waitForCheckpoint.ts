import type { EvmChainWorker } from "../../services/ingest/src/evm/createEvmChainWorker.ts";

/** Waits (no time assertion) until the worker's checkpoint reaches `block`; throws if the worker stops first. */
export async function waitForCheckpoint(worker: EvmChainWorker, block: bigint): Promise<void> {
  for (;;) {
    const cp = worker.checkpoint();
    if (cp !== null && cp >= block) return;
    const stopped = await Promise.race([
      worker.done.then(() => true),
      new Promise((r) => setTimeout(() => r(false), 25)),
    ]);
    if (stopped) throw new Error("worker stopped early");
  }
}
