import type { JobQueue } from "@tapeline/core";
import type { Logger } from "pino";
import type { WorkloadSettings } from "../config.ts";
import { CHAIN_API_VERSION, type Chain } from "../generated/crdTypes.ts";
import { applyIfChanged } from "../kube/applyIfChanged.ts";
import type { KubeClient } from "../kube/createKubeClient.ts";
import { CHAIN_FINALIZER } from "../kube/labels.ts";
import { objectHash } from "../kube/objectHash.ts";
import type { ReconcileResult } from "../kube/types.ts";
import type { MigrationGate } from "../migrations/createMigrationGate.ts";
import { BACKFILL_JOB, BACKFILL_QUEUE, CANCEL_BACKFILL_JOB, desiredBackfill } from "./desiredBackfill.ts";
import { desiredIngestDeployment } from "./desiredIngestDeployment.ts";
import { desiredIngestService } from "./desiredIngestService.ts";
import { type ChainObservation, nextChainStatus } from "./nextChainStatus.ts";
import type { WorkerReadiness } from "./parseWorkerReadiness.ts";

/** What the Chain reconciler works with. */
export type ChainReconcilerDeps = {
  client: KubeClient;
  settings: WorkloadSettings;
  migrations: MigrationGate;
  /** The backfill queue (BullMQ in a cluster). */
  queue: Pick<JobQueue, "enqueue" | "getState">;
  /** Reads the worker's /readyz figures for a Chain. */
  readiness: (chain: Chain) => Promise<WorkerReadiness>;
  /** How often the worker's figures are re-read. */
  statusPollMs: number;
  logger: Logger;
  now?: () => Date;
};

const MIGRATION_WAIT_MS = 5000;

/**
 * Reconciles one Chain (`namespace/name`), level-triggered: nothing depends on which event led here.
 * Deleted: cancels its backfill work, then releases the finalizer. Otherwise: finalizer, ingest
 * Deployment and Service (applied only when they differ), backfill enqueued when the policy changed,
 * the worker's figures, and the status written only when it changed.
 */
export async function reconcileChain(key: string, deps: ChainReconcilerDeps): Promise<ReconcileResult> {
  const { client, settings, queue, logger } = deps;
  const [namespace, name] = key.split("/") as [string, string];
  let chain = await client.get<Chain>({ apiVersion: CHAIN_API_VERSION, kind: "Chain", namespace, name });
  if (!chain) return {};
  const finalizers = chain.metadata.finalizers ?? [];

  if (chain.metadata.deletionTimestamp) {
    if (!finalizers.includes(CHAIN_FINALIZER)) return {};
    const uid = chain.metadata.uid as string;
    await queue.enqueue(
      BACKFILL_QUEUE,
      CANCEL_BACKFILL_JOB,
      { chain: chain.spec.chainId, chainName: name, namespace, uid },
      { jobId: `cancel-${uid}` },
    );
    await client.setFinalizers(
      chain,
      finalizers.filter((f) => f !== CHAIN_FINALIZER),
    );
    logger.info({ chain: key }, "chain deleted; backfill cancelled and finalizer released");
    return {};
  }

  if (!finalizers.includes(CHAIN_FINALIZER)) {
    chain = await client.setFinalizers(chain, [...finalizers, CHAIN_FINALIZER]);
  }

  const migrated = await deps.migrations.check();
  const seen: ChainObservation = { migrated, availableReplicas: 0, readiness: null, backfill: null };
  if (migrated) {
    const deployment = await applyIfChanged(client, desiredIngestDeployment(chain, settings));
    await applyIfChanged(client, desiredIngestService(chain, settings));
    const depStatus = deployment.object.status as { availableReplicas?: number } | undefined;
    seen.availableReplicas = depStatus?.availableReplicas ?? 0;
    if (seen.availableReplicas > 0) {
      seen.readiness = await deps.readiness(chain).catch((err: Error) => ({ error: err.message }));
    }
    const want = desiredBackfill(chain);
    if (want) {
      if (chain.status?.backfill?.jobId !== want.jobId) {
        await queue.enqueue(BACKFILL_QUEUE, BACKFILL_JOB, want.request, { jobId: want.jobId });
        logger.info(
          { chain: key, jobId: want.jobId, fromBlock: want.request.fromBlock },
          "backfill enqueued",
        );
      }
      seen.backfill = {
        jobId: want.jobId,
        startBlock: want.request.fromBlock,
        blocksPerJob: want.request.blocksPerJob,
        state: await queue.getState(BACKFILL_QUEUE, want.jobId),
      };
    }
  }

  const status = nextChainStatus(chain, seen, (deps.now?.() ?? new Date()).toISOString());
  if (objectHash(status) !== objectHash(chain.status ?? null)) {
    await client.replaceStatus({ ...chain, status });
  }
  return { requeueAfterMs: migrated ? deps.statusPollMs : MIGRATION_WAIT_MS };
}
