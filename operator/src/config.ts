import { hostname } from "node:os";
import { createEnvReader } from "@tapeline/core";

/** How the workloads the operator creates are run: images, shared Secrets, ports, grace periods. */
export type WorkloadSettings = {
  /** INGEST_IMAGE: image of the ingest workers (required). */
  ingestImage: string;
  /** QUERY_IMAGE: image of the query shards (required). */
  queryImage: string;
  /** MIGRATE_IMAGE: image that runs the database migrations Job (required; the operator image). */
  migrateImage: string;
  /** IMAGE_PULL_POLICY: Always, IfNotPresent or Never (default IfNotPresent). */
  imagePullPolicy: "Always" | "IfNotPresent" | "Never";
  /** DATABASE_SECRET_NAME / DATABASE_SECRET_KEY: the Secret key holding the Postgres URL (key default `url`). */
  databaseSecret: { name: string; key: string };
  /** REDIS_SECRET_NAME / REDIS_SECRET_KEY: the Secret key holding the Redis URL (key default `url`). */
  redisSecret: { name: string; key: string };
  /** WORKLOAD_PORT: HTTP port of every workload container, serving /healthz, /readyz and /metrics (default 8080). */
  port: number;
  /** TERMINATION_GRACE_SECONDS: time a pod gets after SIGTERM to finish its batch (default 60). */
  terminationGracePeriodSeconds: number;
  /** WORKLOAD_SERVICE_ACCOUNT: service account of the workloads (optional; the namespace default otherwise). */
  serviceAccountName: string | undefined;
};

/** The operator's configuration, read once at start. */
export type OperatorConfig = {
  /** WATCH_NAMESPACE (default POD_NAMESPACE): the namespace whose Chains and ShardSets are reconciled. */
  namespace: string;
  /** POD_NAME (default the host name): this replica's identity in the leader Lease. */
  identity: string;
  /** LEASE_NAME: the coordination.k8s.io Lease the replicas compete for (default tapeline-operator). */
  leaseName: string;
  /** LEASE_DURATION_SECONDS (15), RENEW_DEADLINE_SECONDS (10), RETRY_PERIOD_SECONDS (2). */
  lease: { durationSeconds: number; renewDeadlineSeconds: number; retryPeriodSeconds: number };
  /** RESYNC_SECONDS: every object is reconciled at least this often (default 300). */
  resyncSeconds: number;
  /** STATUS_POLL_SECONDS: how often a Chain's status re-reads its worker's /readyz (default 30). */
  statusPollSeconds: number;
  /** DRAIN_SECONDS: how long a shard leaving the map keeps serving before it is deleted (default 30). */
  drainSeconds: number;
  /** REDIS_URL: the Redis the backfill queue lives in (required). */
  redisUrl: string;
  /** HEALTH_PORT: port of the operator's own /healthz and /readyz (default 8081). */
  healthPort: number;
  workloads: WorkloadSettings;
};

/**
 * Reads and validates the operator's configuration; every problem is reported at once.
 * @throws ConfigError listing each invalid or missing variable.
 */
export function loadOperatorConfig(env: Record<string, string | undefined> = process.env): OperatorConfig {
  const r = createEnvReader(env);
  const namespace = r.string("WATCH_NAMESPACE", env.POD_NAMESPACE);
  const lease = {
    durationSeconds: r.int("LEASE_DURATION_SECONDS", 15, 2, 3600),
    renewDeadlineSeconds: r.int("RENEW_DEADLINE_SECONDS", 10, 1, 3600),
    retryPeriodSeconds: r.int("RETRY_PERIOD_SECONDS", 2, 1, 600),
  };
  if (lease.renewDeadlineSeconds >= lease.durationSeconds) {
    r.problems.push("RENEW_DEADLINE_SECONDS must be less than LEASE_DURATION_SECONDS");
  }
  if (lease.retryPeriodSeconds >= lease.renewDeadlineSeconds) {
    r.problems.push("RETRY_PERIOD_SECONDS must be less than RENEW_DEADLINE_SECONDS");
  }
  const config: OperatorConfig = {
    namespace,
    identity: r.string("POD_NAME", hostname()),
    leaseName: r.string("LEASE_NAME", "tapeline-operator"),
    lease,
    resyncSeconds: r.int("RESYNC_SECONDS", 300, 1, 86_400),
    statusPollSeconds: r.int("STATUS_POLL_SECONDS", 30, 1, 3600),
    drainSeconds: r.int("DRAIN_SECONDS", 30, 0, 3600),
    redisUrl: r.string("REDIS_URL"),
    healthPort: r.int("HEALTH_PORT", 8081, 1, 65_535),
    workloads: {
      ingestImage: r.string("INGEST_IMAGE"),
      queryImage: r.string("QUERY_IMAGE"),
      migrateImage: r.string("MIGRATE_IMAGE"),
      imagePullPolicy: r.oneOf(
        "IMAGE_PULL_POLICY",
        ["Always", "IfNotPresent", "Never"] as const,
        "IfNotPresent",
      ),
      databaseSecret: { name: r.string("DATABASE_SECRET_NAME"), key: r.string("DATABASE_SECRET_KEY", "url") },
      redisSecret: { name: r.string("REDIS_SECRET_NAME"), key: r.string("REDIS_SECRET_KEY", "url") },
      port: r.int("WORKLOAD_PORT", 8080, 1, 65_535),
      terminationGracePeriodSeconds: r.int("TERMINATION_GRACE_SECONDS", 60, 1, 3600),
      serviceAccountName: r.optional("WORKLOAD_SERVICE_ACCOUNT"),
    },
  };
  r.done();
  return config;
}
