import {
  AppsV1Api,
  BatchV1Api,
  CustomObjectsApi,
  type KubeConfig,
  type KubernetesListObject,
  type KubernetesObject,
} from "@kubernetes/client-node";
import type { Logger } from "pino";
import { type ChainReconcilerDeps, reconcileChain } from "./chain/reconcileChain.ts";
import type { WorkloadSettings } from "./config.ts";
import {
  CHAIN_API_VERSION,
  CHAIN_PLURAL,
  SHARD_SET_API_VERSION,
  SHARD_SET_PLURAL,
} from "./generated/crdTypes.ts";
import type { KubeClient } from "./kube/createKubeClient.ts";
import { createWorkQueue, type WorkQueue } from "./kube/createWorkQueue.ts";
import { FIELD_MANAGER, LABELS } from "./kube/labels.ts";
import { type ObjectWatch, watchObjects } from "./kube/watchObjects.ts";
import { createMigrationGate } from "./migrations/createMigrationGate.ts";
import { reconcileShardSet } from "./shardset/reconcileShardSet.ts";

/** The running controllers. */
export type Controllers = {
  chains: WorkQueue;
  shardSets: WorkQueue;
  /** Queues every known Chain and ShardSet, as the periodic resync does. */
  resync(): void;
  /** Stops the watches and waits for running reconciles. */
  stop(): Promise<void>;
};

export type ControllerDeps = {
  kc: KubeConfig;
  client: KubeClient;
  namespace: string;
  settings: WorkloadSettings;
  queue: ChainReconcilerDeps["queue"];
  readiness: ChainReconcilerDeps["readiness"];
  statusPollMs: number;
  drainMs: number;
  resyncMs: number;
  logger: Logger;
  /** Retry delay after a 409 (default 50 ms). */
  conflictRetryMs?: number;
};

const keyOf = (o: KubernetesObject) => `${o.metadata?.namespace}/${o.metadata?.name}`;

/**
 * Starts one controller per kind in `namespace`: watches of Chains and ShardSets (their own events),
 * of the Deployments the operator manages (mapped to their controlling owner) and of the migrations
 * Jobs (which wake everything), a periodic resync, and a work queue each.
 */
export async function startControllers(deps: ControllerDeps): Promise<Controllers> {
  const { kc, client, namespace, settings, logger } = deps;
  const custom = kc.makeApiClient(CustomObjectsApi);
  const apps = kc.makeApiClient(AppsV1Api);
  const batch = kc.makeApiClient(BatchV1Api);
  const migrations = createMigrationGate({ client, namespace, settings, logger });

  const chains = createWorkQueue({
    name: "chain",
    logger,
    ...(deps.conflictRetryMs === undefined ? {} : { conflictRetryMs: deps.conflictRetryMs }),
    reconcile: (key) =>
      reconcileChain(key, {
        client,
        settings,
        migrations,
        queue: deps.queue,
        readiness: deps.readiness,
        statusPollMs: deps.statusPollMs,
        logger,
      }),
  });
  const shardSets = createWorkQueue({
    name: "shardset",
    logger,
    ...(deps.conflictRetryMs === undefined ? {} : { conflictRetryMs: deps.conflictRetryMs }),
    reconcile: (key) =>
      reconcileShardSet(key, {
        client,
        settings,
        migrations,
        drainMs: deps.drainMs,
        resyncMs: deps.resyncMs,
        logger,
      }),
  });

  const listCustom = (apiVersion: string, plural: string) => {
    const [group, version] = apiVersion.split("/") as [string, string];
    return () =>
      custom.listNamespacedCustomObject({ group, version, namespace, plural }) as Promise<
        KubernetesListObject<KubernetesObject>
      >;
  };
  const managed = `${LABELS.managedBy}=${FIELD_MANAGER}`;
  const watches: ObjectWatch[] = [];
  const chainWatch = await watchObjects(kc, {
    path: `/apis/${CHAIN_API_VERSION}/namespaces/${namespace}/${CHAIN_PLURAL}`,
    list: listCustom(CHAIN_API_VERSION, CHAIN_PLURAL),
    onChange: (o) => chains.add(keyOf(o)),
    logger,
  });
  watches.push(chainWatch);
  const shardSetWatch = await watchObjects(kc, {
    path: `/apis/${SHARD_SET_API_VERSION}/namespaces/${namespace}/${SHARD_SET_PLURAL}`,
    list: listCustom(SHARD_SET_API_VERSION, SHARD_SET_PLURAL),
    onChange: (o) => shardSets.add(keyOf(o)),
    logger,
  });
  watches.push(shardSetWatch);

  const resync = () => {
    for (const o of chainWatch.list()) chains.add(keyOf(o));
    for (const o of shardSetWatch.list()) shardSets.add(keyOf(o));
  };

  watches.push(
    await watchObjects(kc, {
      path: `/apis/apps/v1/namespaces/${namespace}/deployments`,
      labelSelector: managed,
      list: () => apps.listNamespacedDeployment({ namespace, labelSelector: managed }),
      onChange: (o) => {
        const owner = o.metadata?.ownerReferences?.find((r) => r.controller);
        if (owner?.kind === "Chain") chains.add(`${namespace}/${owner.name}`);
        if (owner?.kind === "ShardSet") shardSets.add(`${namespace}/${owner.name}`);
      },
      logger,
    }),
  );
  const migrationJobs = `${managed},${LABELS.component}=migrations`;
  watches.push(
    await watchObjects(kc, {
      path: `/apis/batch/v1/namespaces/${namespace}/jobs`,
      labelSelector: migrationJobs,
      list: () => batch.listNamespacedJob({ namespace, labelSelector: migrationJobs }),
      onChange: () => resync(),
      logger,
    }),
  );

  const resyncTimer = setInterval(resync, deps.resyncMs);
  resyncTimer.unref();
  logger.info({ namespace }, "controllers started");
  return {
    chains,
    shardSets,
    resync,
    async stop() {
      clearInterval(resyncTimer);
      await Promise.all(watches.map((w) => w.stop()));
      await Promise.all([chains.stop(), shardSets.stop()]);
    },
  };
}
