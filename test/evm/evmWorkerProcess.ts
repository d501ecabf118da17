/**
 * A live EVM worker as its own process, for crash tests: configuration from the environment
 * (TL_EVM_CFG as JSON with startBlock a decimal string, TL_DB_URL), stopped only by a signal.
 */
import { createPgPool } from "@tapeline/core";
import { startEvmChainWorker } from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import type { EvmChainConfig } from "../../services/ingest/src/evm/EvmChainConfig.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";

const raw = JSON.parse(process.env.TL_EVM_CFG ?? "{}");
const cfg: EvmChainConfig = { ...raw, startBlock: BigInt(raw.startBlock) };
const db = createPgPool({ url: process.env.TL_DB_URL ?? "", max: 2 });
const worker = startEvmChainWorker({
  cfg,
  rpc: createRpcClient({ endpoints: cfg.endpoints }),
  db,
  onEvent: (e) => {
    if (e.type === "range") process.stdout.write(`range ${e.from} ${e.to}\n`);
  },
});
worker.done.catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
