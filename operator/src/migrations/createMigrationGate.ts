import type { Logger } from "pino";
import type { WorkloadSettings } from "../config.ts";
import type { KubeClient } from "../kube/createKubeClient.ts";
import { LABELS } from "../kube/labels.ts";
import { desiredMigrationJob, isJobComplete, migrationJobLabels } from "./desiredMigrationJob.ts";

/** Holds workloads back until the migrations Job of the current image has completed. */
export type MigrationGate = {
  /** Creates the Job when it is missing; true once it has completed (then remembered). */
  check(): Promise<boolean>;
};

/** A gate over the migrations Job in `namespace`; older migrations Jobs are deleted once the current one completed. */
export function createMigrationGate(deps: {
  client: KubeClient;
  namespace: string;
  settings: WorkloadSettings;
  logger: Logger;
}): MigrationGate {
  const { client, namespace, settings, logger } = deps;
  let done = false;
  return {
    async check() {
      if (done) return true;
      const desired = desiredMigrationJob(namespace, settings);
      const name = desired.metadata.name as string;
      const job = await client.get({ apiVersion: "batch/v1", kind: "Job", namespace, name });
      if (!job) {
        // A Job's pod template is immutable: create it once, never re-apply it.
        await client.apply(desired);
        logger.info({ job: name }, "created the migrations Job");
        return false;
      }
      if (!isJobComplete(job)) return false;
      done = true;
      const selector = Object.entries(migrationJobLabels())
        .filter(([k]) => k === LABELS.component || k === LABELS.managedBy)
        .map(([k, v]) => `${k}=${v}`)
        .join(",");
      for (const old of await client.list("batch/v1", "Job", namespace, selector)) {
        if (old.metadata.name !== name) {
          await client.delete({
            apiVersion: "batch/v1",
            kind: "Job",
            namespace,
            name: old.metadata.name as string,
          });
        }
      }
      logger.info({ job: name }, "migrations completed; workloads may start");
      return true;
    },
  };
}
