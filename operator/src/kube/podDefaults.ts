import type { WorkloadSettings } from "../config.ts";

/** The hardened security context every workload container runs with. */
export const CONTAINER_SECURITY_CONTEXT = {
  runAsNonRoot: true,
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ["ALL"] },
  seccompProfile: { type: "RuntimeDefault" },
} as const;

/** Environment shared by every workload: the database and Redis URLs from their Secrets, the HTTP port. */
export function sharedEnv(settings: WorkloadSettings): Record<string, unknown>[] {
  return [
    { name: "DATABASE_URL", valueFrom: { secretKeyRef: { ...settings.databaseSecret } } },
    { name: "REDIS_URL", valueFrom: { secretKeyRef: { ...settings.redisSecret } } },
    { name: "PORT", value: String(settings.port) },
  ];
}

/** Liveness on /healthz (alive) and readiness on /readyz (serving) on the container's http port. */
export function httpProbes(): Record<string, unknown> {
  return {
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
  };
}

/** Pod-level fields shared by every workload. */
export function podDefaults(settings: WorkloadSettings): Record<string, unknown> {
  return {
    ...(settings.serviceAccountName ? { serviceAccountName: settings.serviceAccountName } : {}),
    terminationGracePeriodSeconds: settings.terminationGracePeriodSeconds,
    securityContext: { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000 },
  };
}

/** Container resources from a custom resource's spec; none when the spec sets none (no default resources). */
export function containerResources(
  resources: { requests?: object; limits?: object } | undefined,
): Record<string, unknown> {
  if (!resources || (!resources.requests && !resources.limits)) return {};
  return {
    resources: {
      ...(resources.requests ? { requests: resources.requests } : {}),
      ...(resources.limits ? { limits: resources.limits } : {}),
    },
  };
}
