import { KubeConfig } from "@kubernetes/client-node";
import type { Context } from "@tapeline/core";
import { ingestReadyzUrl } from "./chain/desiredIngestService.ts";
import { fetchWorkerReadiness } from "./chain/fetchWorkerReadiness.ts";
import type { OperatorConfig } from "./config.ts";
import { CHAIN_PLURAL, SHARD_SET_PLURAL } from "./generated/crdTypes.ts";
import { createKubeClient } from "./kube/createKubeClient.ts";
import { createLeaderElector } from "./kube/createLeaderElector.ts";
import { createBullJobQueue } from "./queue/createBullJobQueue.ts";
import { type Controllers, startControllers } from "./startControllers.ts";
import { startHealthServer } from "./startHealthServer.ts";

/**
 * Runs the operator: probes, leader election on the Lease, and the controllers while this replica
 * leads. Losing the Lease ends the process (a fresh start is the safe way back to standby).
 * @param kc cluster access (in-cluster service account by default).
 */
export async function runOperator(
  config: OperatorConfig,
  ctx: Context,
  kc = defaultKubeConfig(),
): Promise<void> {
  const { logger, shutdown } = ctx;
  const queue = createBullJobQueue(config.redisUrl);
  shutdown.add("backfill queue", () => queue.close());
  const client = createKubeClient(kc, { Chain: CHAIN_PLURAL, ShardSet: SHARD_SET_PLURAL });
  const elector = createLeaderElector(kc, {
    namespace: config.namespace,
    name: config.leaseName,
    identity: config.identity,
    ...config.lease,
    logger,
  });
  let controllers: Controllers | null = null;
  const health = await startHealthServer(config.healthPort, () => true);
  shutdown.add("health server", () => new Promise<void>((resolve) => health.close(() => resolve())));
  shutdown.add("controllers", async () => {
    await controllers?.stop();
  });

  const leading = elector.run(
    {
      onStartedLeading() {
        startControllers({
          kc,
          client,
          namespace: config.namespace,
          settings: config.workloads,
          queue,
          readiness: (chain) =>
            fetchWorkerReadiness(ingestReadyzUrl(chain, config.workloads), chain.spec.chainId),
          statusPollMs: config.statusPollSeconds * 1000,
          drainMs: config.drainSeconds * 1000,
          resyncMs: config.resyncSeconds * 1000,
          logger,
        }).then(
          (c) => {
            controllers = c;
          },
          (err) => {
            logger.fatal({ err }, "controllers failed to start");
            process.exitCode = 1;
            void shutdown.run("controllers failed to start");
          },
        );
      },
      onStoppedLeading() {
        process.exitCode = 1;
        void shutdown.run("lost the leader lease");
      },
    },
    shutdown.aborted,
  );
  // The elector releases the Lease once shutdown aborts its loop; wait for that before exiting.
  shutdown.add("leader election", () => leading);
}

function defaultKubeConfig(): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromDefault();
  return kc;
}
