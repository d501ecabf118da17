import {
  type KubeConfig,
  type KubernetesObject,
  type ListPromise,
  makeInformer,
} from "@kubernetes/client-node";
import type { Logger } from "pino";

/** A running watch: the objects it has seen, and how to stop it. */
export type ObjectWatch = {
  /** The objects currently known (from the last list and the events since). */
  list(): readonly KubernetesObject[];
  stop(): Promise<void>;
};

/**
 * Lists then watches a collection, calling `onChange` for every added, updated or deleted object. A
 * broken watch is restarted with exponential backoff (1 s doubling to `maxBackoffMs`), reset once a
 * restart succeeds; the client itself resumes from the last resourceVersion or relists after a 410.
 */
export async function watchObjects(
  kc: KubeConfig,
  opts: {
    path: string;
    list: ListPromise<KubernetesObject>;
    labelSelector?: string;
    onChange: (obj: KubernetesObject) => void;
    logger: Logger;
    maxBackoffMs?: number;
  },
): Promise<ObjectWatch> {
  const informer = makeInformer(kc, opts.path, opts.list, opts.labelSelector);
  const max = opts.maxBackoffMs ?? 30_000;
  let backoffMs = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  informer.on("add", opts.onChange);
  informer.on("update", opts.onChange);
  informer.on("delete", opts.onChange);
  informer.on("error", (err) => {
    if (stopped) return;
    backoffMs = Math.min(max, backoffMs === 0 ? 1000 : backoffMs * 2);
    opts.logger.warn({ path: opts.path, err, retryInMs: backoffMs }, "watch failed, restarting");
    timer = setTimeout(() => {
      if (stopped) return;
      informer.start().then(
        () => {
          backoffMs = 0;
        },
        () => {},
      );
    }, backoffMs);
  });
  await informer.start();
  return {
    list: () => informer.list(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await informer.stop();
    },
  };
}
