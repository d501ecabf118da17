import { CoordinationV1Api, type KubeConfig, type V1Lease, V1MicroTime } from "@kubernetes/client-node";
import type { Logger } from "pino";
import { isNotFound } from "./errors.ts";

/** Leader election on a coordination.k8s.io/v1 Lease, as client-go's leaderelection does it. */
export type LeaderElector = {
  /** Whether this replica holds the Lease now. */
  isLeader(): boolean;
  /** Runs until `signal` aborts: acquires, then renews; calls back when leadership starts and when it is lost. */
  run(callbacks: { onStartedLeading(): void; onStoppedLeading(): void }, signal: AbortSignal): Promise<void>;
};

export type LeaderElectorOptions = {
  namespace: string;
  name: string;
  identity: string;
  durationSeconds: number;
  renewDeadlineSeconds: number;
  retryPeriodSeconds: number;
  logger: Logger;
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Creates a leader elector. A Lease held by another identity is taken over only after it has gone
 * unrenewed for its duration as measured on this replica's clock (no trust in other clocks). On
 * shutdown the leader releases the Lease so a standby takes over at once.
 */
export function createLeaderElector(kc: KubeConfig, opts: LeaderElectorOptions): LeaderElector {
  const api = kc.makeApiClient(CoordinationV1Api);
  const { namespace, name, identity, logger } = opts;
  let leader = false;
  let observed: { record: string; atMs: number } | null = null;

  const tryAcquireOrRenew = async (): Promise<boolean> => {
    const now = new V1MicroTime(Date.now());
    let lease: V1Lease;
    try {
      lease = await api.readNamespacedLease({ name, namespace });
    } catch (err) {
      if (!isNotFound(err)) throw err;
      await api.createNamespacedLease({
        namespace,
        body: {
          metadata: { name, namespace },
          spec: {
            holderIdentity: identity,
            leaseDurationSeconds: opts.durationSeconds,
            acquireTime: now,
            renewTime: now,
            leaseTransitions: 0,
          },
        },
      });
      return true;
    }
    const spec = lease.spec ?? {};
    const record = JSON.stringify([spec.holderIdentity, spec.renewTime, spec.leaseDurationSeconds]);
    if (!observed || observed.record !== record) observed = { record, atMs: Date.now() };
    const holder = spec.holderIdentity ?? "";
    const duration = (spec.leaseDurationSeconds ?? opts.durationSeconds) * 1000;
    const expired = holder === "" || observed.atMs + duration < Date.now();
    if (holder !== identity && !expired) return false;
    const body: V1Lease = {
      ...lease,
      spec: {
        ...spec,
        holderIdentity: identity,
        leaseDurationSeconds: opts.durationSeconds,
        renewTime: now,
        ...(holder === identity
          ? {}
          : { acquireTime: now, leaseTransitions: (spec.leaseTransitions ?? 0) + (holder === "" ? 0 : 1) }),
      },
    };
    await api.replaceNamespacedLease({ name, namespace, body });
    return true;
  };

  const attempt = async (): Promise<boolean> => {
    try {
      return await tryAcquireOrRenew();
    } catch (err) {
      // A 409 means another replica wrote the Lease first: simply not (or no longer) ours this round.
      if ((err as { code?: number }).code !== 409) logger.warn({ err, lease: name }, "lease update failed");
      return false;
    }
  };

  const release = async () => {
    try {
      const lease = await api.readNamespacedLease({ name, namespace });
      if (lease.spec?.holderIdentity !== identity) return;
      await api.replaceNamespacedLease({
        name,
        namespace,
        body: { ...lease, spec: { ...lease.spec, holderIdentity: "", leaseDurationSeconds: 1 } },
      });
    } catch (err) {
      logger.warn({ err, lease: name }, "lease release failed");
    }
  };

  return {
    isLeader: () => leader,
    async run(callbacks, signal) {
      const retryMs = opts.retryPeriodSeconds * 1000;
      while (!signal.aborted && !leader) {
        if (await attempt()) {
          leader = true;
          logger.info({ lease: name, identity }, "became the leader");
          callbacks.onStartedLeading();
          break;
        }
        await sleep(retryMs, signal);
      }
      let lastRenew = Date.now();
      while (!signal.aborted && leader) {
        await sleep(retryMs, signal);
        if (signal.aborted) break;
        if (await attempt()) {
          lastRenew = Date.now();
        } else if (Date.now() - lastRenew > opts.renewDeadlineSeconds * 1000) {
          leader = false;
          logger.error({ lease: name, identity }, "lost the lease");
          callbacks.onStoppedLeading();
        }
      }
      if (leader) {
        leader = false;
        await release();
      }
    },
  };
}
