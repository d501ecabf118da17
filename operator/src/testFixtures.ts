import type { WorkloadSettings } from "./config.ts";
import type { Chain, ShardSet } from "./generated/crdTypes.ts";

/** Workload settings used by the operator's tests. */
export const testSettings: WorkloadSettings = {
  ingestImage: "registry.example/tapeline-ingest:1.2.3",
  queryImage: "registry.example/tapeline-query:1.2.3",
  migrateImage: "registry.example/tapeline-operator:1.2.3",
  imagePullPolicy: "IfNotPresent",
  databaseSecret: { name: "tapeline-postgres", key: "url" },
  redisSecret: { name: "tapeline-redis", key: "url" },
  port: 8080,
  terminationGracePeriodSeconds: 60,
  serviceAccountName: undefined,
};

/** A Chain as the API server returns it (defaults applied, uid and generation set). */
export function sampleChain(overrides: Partial<Chain["spec"]> = {}, name = "base"): Chain {
  return {
    apiVersion: "tapeline.dev/v1alpha1",
    kind: "Chain",
    metadata: { name, namespace: "markets", uid: "0b5f3c1e-4a2d-4c1b-9e7f-1234567890ab", generation: 3 },
    spec: {
      chainId: "evm:8453",
      rpc: { endpoints: [{ secretKeyRef: { name: "base-rpc", key: "primary" } }] },
      startBlock: 20_000_000,
      finalityDepth: 64,
      venues: ["UNISWAP_V2", "UNISWAP_V3"],
      backfill: { mode: "FromStartBlock", blocksPerJob: 2000 },
      ...overrides,
    },
  };
}

/** A ShardSet as the API server returns it. */
export function sampleShardSet(replicas: number, overrides: Partial<ShardSet["spec"]> = {}): ShardSet {
  return {
    apiVersion: "tapeline.dev/v1alpha1",
    kind: "ShardSet",
    metadata: {
      name: "main",
      namespace: "markets",
      uid: "7d1e2f3a-0000-4000-8000-00000000beef",
      generation: 2,
    },
    spec: { replicas, partitions: 4096, podsPerShard: 1, ...overrides },
  };
}

/** The containers of a workload object (Deployment or Job) as tests inspect them. */
export type TestContainer = {
  name: string;
  image: string;
  env: { name: string; value?: string; valueFrom?: unknown }[];
  resources?: unknown;
  command?: string[];
};

/** The pod template spec of a Deployment or Job. */
export function podSpecOf(obj: object): { containers: TestContainer[]; [k: string]: unknown } {
  return (obj as { spec: { template: { spec: { containers: TestContainer[] } } } }).spec.template.spec;
}

/** The plain environment (name → value) of a workload's first container. */
export function envOf(obj: object): Record<string, string | undefined> {
  const c = podSpecOf(obj).containers[0] as TestContainer;
  return Object.fromEntries(c.env.map((e) => [e.name, e.value]));
}

/**
 * The pod spec a long-running workload must render with `testSettings`, spelled out: the
 * workload's own container name, image, variables and resources, then the hardening, probes and
 * shared connection settings every such workload carries.
 */
export function expectedWorkloadPodSpec(container: {
  name: string;
  image: string;
  env: { name: string; value?: string; valueFrom?: unknown }[];
  resources?: unknown;
  /** extra read-only mounts, then their volumes */
  mounts?: { volumeMount: unknown; volume: unknown }[];
}): Record<string, unknown> {
  return {
    terminationGracePeriodSeconds: 60,
    securityContext: { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000 },
    containers: [
      {
        name: container.name,
        image: container.image,
        imagePullPolicy: "IfNotPresent",
        ports: [{ name: "http", containerPort: 8080, protocol: "TCP" }],
        env: [
          ...container.env,
          { name: "DATABASE_URL", valueFrom: { secretKeyRef: { name: "tapeline-postgres", key: "url" } } },
          { name: "REDIS_URL", valueFrom: { secretKeyRef: { name: "tapeline-redis", key: "url" } } },
          { name: "PORT", value: "8080" },
        ],
        livenessProbe: {
          httpGet: { path: "/healthz", port: "http" },
          periodSeconds: 10,
          timeoutSeconds: 2,
          failureThreshold: 3,
        },
        readinessProbe: {
          httpGet: { path: "/readyz", port: "http" },
          periodSeconds: 5,
          timeoutSeconds: 2,
          failureThreshold: 2,
        },
        ...(container.resources === undefined ? {} : { resources: container.resources }),
        securityContext: {
          runAsNonRoot: true,
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ["ALL"] },
          seccompProfile: { type: "RuntimeDefault" },
        },
        volumeMounts: [
          { name: "tmp", mountPath: "/tmp" },
          ...(container.mounts ?? []).map((m) => m.volumeMount),
        ],
      },
    ],
    volumes: [{ name: "tmp", emptyDir: {} }, ...(container.mounts ?? []).map((m) => m.volume)],
  };
}
