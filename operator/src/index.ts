import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ConfigError, createContext } from "@tapeline/core";
import { loadOperatorConfig } from "./config.ts";
import { runOperator } from "./runOperator.ts";

export { KubeConfig } from "@kubernetes/client-node";
export { BACKFILL_JOB, BACKFILL_QUEUE, CANCEL_BACKFILL_JOB } from "./chain/desiredBackfill.ts";
export { fetchWorkerReadiness } from "./chain/fetchWorkerReadiness.ts";
export { loadOperatorConfig, type OperatorConfig, type WorkloadSettings } from "./config.ts";
export * from "./generated/crdTypes.ts";
export { createKubeClient, type KubeClient, type ObjectRef } from "./kube/createKubeClient.ts";
export { createLeaderElector, type LeaderElector } from "./kube/createLeaderElector.ts";
export { ConflictError, KubeApiError } from "./kube/errors.ts";
export { CHAIN_FINALIZER, FIELD_MANAGER } from "./kube/labels.ts";
export { createBullJobQueue, type OperatorJobQueue } from "./queue/createBullJobQueue.ts";
export { runOperator } from "./runOperator.ts";
export { SHARD_MAP_KEY } from "./shardset/shardNames.ts";
export { type Controllers, startControllers } from "./startControllers.ts";

/** Entry point of the operator container: validate the configuration, then run until SIGTERM. */
async function main(): Promise<void> {
  const ctx = createContext({ name: "operator", defaultMetrics: true });
  let config: ReturnType<typeof loadOperatorConfig>;
  try {
    config = loadOperatorConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      ctx.logger.fatal({ problems: err.problems }, err.message);
      process.exit(2);
    }
    throw err;
  }
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      void ctx.shutdown.run(signal).then(() => process.exit());
    });
  }
  await runOperator(config, ctx);
  ctx.logger.info({ namespace: config.namespace, identity: config.identity }, "operator started");
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
