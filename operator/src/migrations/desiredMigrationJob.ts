import type { WorkloadSettings } from "../config.ts";
import { commonLabels, LABELS } from "../kube/labels.ts";
import { objectHash } from "../kube/objectHash.ts";
import { CONTAINER_SECURITY_CONTEXT, podDefaults } from "../kube/podDefaults.ts";
import type { KubeObject } from "../kube/types.ts";

/** Labels of the migrations Jobs. */
export function migrationJobLabels(): Record<string, string> {
  return commonLabels("migrations", "tapeline");
}

/**
 * The Job that applies the database migrations (and the Citus distribution where the extension exists)
 * before any workload starts. Its name is keyed by the image, so a new release runs its migrations once.
 */
export function desiredMigrationJob(namespace: string, settings: WorkloadSettings): KubeObject {
  const name = `tapeline-migrate-${objectHash({ image: settings.migrateImage }).slice(0, 10)}`;
  const labels = migrationJobLabels();
  const { terminationGracePeriodSeconds: _grace, ...pod } = podDefaults(settings);
  return {
    apiVersion: "batch/v1",
    kind: "Job",
    metadata: { name, namespace, labels },
    spec: {
      backoffLimit: 6,
      template: {
        metadata: { labels: { [LABELS.name]: "tapeline", [LABELS.component]: "migrations" } },
        spec: {
          ...pod,
          restartPolicy: "Never",
          containers: [
            {
              name: "migrate",
              image: settings.migrateImage,
              imagePullPolicy: settings.imagePullPolicy,
              command: ["node", "--import", "tsx", "operator/src/runMigrations.ts"],
              env: [{ name: "DATABASE_URL", valueFrom: { secretKeyRef: { ...settings.databaseSecret } } }],
              securityContext: CONTAINER_SECURITY_CONTEXT,
              volumeMounts: [{ name: "tmp", mountPath: "/tmp" }],
            },
          ],
          volumes: [{ name: "tmp", emptyDir: {} }],
        },
      },
    },
  };
}

/** Whether a Job's status says it completed (the Complete condition is True). */
export function isJobComplete(job: KubeObject | null): boolean {
  const conditions = (job?.status as { conditions?: { type: string; status: string }[] } | undefined)
    ?.conditions;
  return conditions?.some((c) => c.type === "Complete" && c.status === "True") ?? false;
}
