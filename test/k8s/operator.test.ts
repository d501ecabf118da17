import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import { toBullJobId } from "@tapeline/core";
import { deleteRedisKeys, freePort, TEST_REDIS_URL, testRedisPrefix } from "@tapeline/core/testing";
import {
  BACKFILL_QUEUE,
  CHAIN_FINALIZER,
  type Chain,
  type Controllers,
  createBullJobQueue,
  createKubeClient,
  createLeaderElector,
  fetchWorkerReadiness,
  type KubeClient,
  type OperatorJobQueue,
  SHARD_MAP_KEY,
  type ShardSet,
  startControllers,
  type WorkloadSettings,
} from "@tapeline/operator";
import { Queue } from "bullmq";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyChartRbac } from "./support/applyChartRbac.ts";
import { eventually } from "./support/eventually.ts";
import { findK8sTools, ROOT } from "./support/k8sTools.ts";
import { markDeploymentAvailable, markJobComplete } from "./support/simulateControllers.ts";
import { startTestCluster, type TestCluster } from "./support/startTestCluster.ts";

const found = findK8sTools();
if (found.skip) console.warn(`operator.test.ts: ${found.skip}`);
const NS = "tapeline";
const settings: WorkloadSettings = {
  ingestImage: "tapeline/ingest:test",
  queryImage: "tapeline/query:test",
  migrateImage: "tapeline/operator:test",
  imagePullPolicy: "IfNotPresent",
  databaseSecret: { name: "tapeline-postgres", key: "url" },
  redisSecret: { name: "tapeline-redis", key: "url" },
  port: 8080,
  terminationGracePeriodSeconds: 60,
  serviceAccountName: undefined,
};

/** Counts the operator's writes and can make the next status write stale (a concurrent writer gets in first). */
function instrument(client: KubeClient, concurrentWrite: (obj: Chain) => Promise<void>) {
  const writes: string[] = [];
  const conflicts: string[] = [];
  let staleNext = false;
  const note = (verb: string, o: { kind: string; metadata?: { name?: string }; name?: string }) =>
    writes.push(`${verb} ${o.kind}/${o.metadata?.name ?? o.name}`);
  const wrapped: KubeClient = {
    get: (ref) => client.get(ref),
    list: (...args) => client.list(...args),
    async apply(obj, opts) {
      note("apply", obj);
      return client.apply(obj, opts);
    },
    async delete(ref) {
      note("delete", ref);
      return client.delete(ref);
    },
    async replaceStatus(obj) {
      note("status", obj);
      if (staleNext && obj.kind === "Chain") {
        staleNext = false;
        await concurrentWrite(obj as unknown as Chain);
        try {
          return await client.replaceStatus(obj);
        } catch (err) {
          conflicts.push(`${(err as Error).name}: ${(err as Error).message}`);
          throw err;
        }
      }
      return client.replaceStatus(obj);
    },
    async setFinalizers(obj, finalizers) {
      note("finalizers", obj);
      return client.setFinalizers(obj, finalizers);
    },
  };
  return {
    client: wrapped,
    writes,
    conflicts,
    makeNextChainStatusStale() {
      staleNext = true;
    },
  };
}

describe.skipIf(found.tools === null)(
  found.skip ?? "operator against a real kube-apiserver",
  { timeout: 120_000 },
  () => {
    let cluster: TestCluster;
    let controllers: Controllers;
    let queue: OperatorJobQueue;
    let inspect: Queue;
    let readyz: Server;
    let readiness = { chain: "evm:8453", headBlock: 1000, indexedBlock: 990, lagMs: 12_000 };
    const logs: { level: number; msg: string }[] = [];
    const prefix = testRedisPrefix("operator").slice(0, -1);
    let io: ReturnType<typeof instrument>;
    let admin: KubeClient;

    const kubectlJson = async (...args: string[]) =>
      JSON.parse(await cluster.kubectl(["-n", NS, ...args, "-o", "json"]));
    const getChain = () =>
      admin.get<Chain>({ apiVersion: "tapeline.dev/v1alpha1", kind: "Chain", namespace: NS, name: "base" });
    const getShardSet = () =>
      admin.get<ShardSet>({
        apiVersion: "tapeline.dev/v1alpha1",
        kind: "ShardSet",
        namespace: NS,
        name: "main",
      });
    const shardMap = async () => {
      const cm = await kubectlJson("get", "configmap", "main-shard-map");
      return JSON.parse(cm.data[SHARD_MAP_KEY]) as {
        version: number;
        shards: { name: string; url: string }[];
      };
    };
    const shardDeployments = async () =>
      (
        (await kubectlJson("get", "deployments", "-l", "tapeline.dev/shardset=main")).items as {
          metadata: { name: string };
        }[]
      )
        .map((d) => d.metadata.name)
        .sort();
    const condition = (
      obj: { status?: { conditions?: { type: string; status: string; reason: string }[] } } | null,
      type: string,
    ) => obj?.status?.conditions?.find((c) => c.type === type);
    const idle = async () => {
      await controllers.chains.idle();
      await controllers.shardSets.idle();
    };

    beforeAll(async () => {
      cluster = await startTestCluster(found.tools!);
      await cluster.kubectl(["create", "namespace", NS]);
      // The operator runs with exactly the permissions the chart grants it.
      await applyChartRbac(cluster, found.tools!.helm, NS);
      readyz = createServer((_req, res) => {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(readiness));
      });
      await new Promise<void>((r) => readyz.listen(0, "127.0.0.1", r));
      const readyzUrl = `http://127.0.0.1:${(readyz.address() as { port: number }).port}/readyz`;
      const plurals = { Chain: "chains", ShardSet: "shardsets" };
      admin = createKubeClient(cluster.kc, plurals);
      io = instrument(createKubeClient(cluster.kcAs("operator"), plurals), async (chain) => {
        await cluster.kubectl([
          "-n",
          NS,
          "label",
          "chain",
          chain.metadata.name as string,
          `touched=${Date.now()}`,
          "--overwrite",
        ]);
      });
      queue = createBullJobQueue(TEST_REDIS_URL, { prefix });
      inspect = new Queue(BACKFILL_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix });
      const logger = pino({ level: "debug" }, { write: (s: string) => logs.push(JSON.parse(s)) });
      controllers = await startControllers({
        kc: cluster.kcAs("operator"),
        client: io.client,
        namespace: NS,
        settings,
        queue,
        readiness: (chain) => fetchWorkerReadiness(readyzUrl, chain.spec.chainId),
        statusPollMs: 600_000,
        drainMs: 0,
        resyncMs: 600_000,
        logger,
        conflictRetryMs: 10,
      });
    });

    afterAll(async () => {
      await controllers?.stop();
      await queue?.close();
      await inspect?.close();
      await new Promise((r) => (readyz ? readyz.close(r) : r(undefined)));
      await cluster?.stop();
      await deleteRedisKeys(prefix);
    });

    it("holds workloads until the migrations Job completed", async () => {
      await cluster.applyYaml(`
apiVersion: tapeline.dev/v1alpha1
kind: Chain
metadata: { name: base, namespace: ${NS} }
spec:
  chainId: "evm:8453"
  rpc: { endpoints: [{ secretKeyRef: { name: base-rpc, key: url } }] }
  startBlock: 20000000
  venues: [UNISWAP_V2, UNISWAP_V3]
  backfill: { mode: FromStartBlock }
---
apiVersion: tapeline.dev/v1alpha1
kind: ShardSet
metadata: { name: main, namespace: ${NS} }
spec: { replicas: 2 }
`);
      const job = await eventually("the migrations Job", async () => {
        const jobs = (await kubectlJson("get", "jobs")).items as { metadata: { name: string } }[];
        return jobs[0]?.metadata.name;
      });
      expect(job).toMatch(/^tapeline-migrate-/);
      const waiting = await eventually("Chain status", async () => condition(await getChain(), "Ingesting"));
      expect(waiting.reason).toBe("MigrationsPending");
      expect((await kubectlJson("get", "deployments")).items).toEqual([]);
      // The API server applied the CRD defaults.
      expect((await getChain())?.spec.finalityDepth).toBe(64);
      await markJobComplete(cluster, NS, job);
    });

    it("has the API server enforce the schemas: chain id pattern and immutability, bounds, Secret references", async () => {
      const reject = (args: string[]) =>
        cluster.kubectl(["-n", NS, ...args]).then(
          () => "accepted",
          (e: Error) => e.message,
        );
      expect(
        await reject(["patch", "chain", "base", "--type=merge", "-p", '{"spec":{"chainId":"evm:1"}}']),
      ).toContain("chainId is immutable");
      expect(
        await reject(["patch", "shardset", "main", "--type=merge", "-p", '{"spec":{"partitions":1024}}']),
      ).toContain("partitions is immutable");
      expect(await reject(["scale", "shardset/main", "--replicas=0"])).toMatch(
        /spec.replicas.*greater than or equal to 1/,
      );
      const bad = (spec: string) =>
        cluster
          .applyYaml(
            `apiVersion: tapeline.dev/v1alpha1\nkind: Chain\nmetadata: { name: bad, namespace: ${NS} }\nspec: ${spec}`,
          )
          .then(
            () => "accepted",
            (e: Error) => e.message,
          );
      const rpc = "rpc: { endpoints: [{ secretKeyRef: { name: s, key: url } }] }";
      expect(await bad(`{ chainId: "evm:01", ${rpc}, venues: [UNISWAP_V2] }`)).toContain("spec.chainId");
      expect(await bad(`{ chainId: "solana", rpc: { endpoints: [] }, venues: [PUMPSWAP] }`)).toContain(
        "spec.rpc.endpoints",
      );
      expect(
        await bad(`{ chainId: "solana", rpc: { endpoints: [{ url: "https://x" }] }, venues: [PUMPSWAP] }`),
      ).toContain(".spec.rpc.endpoints[0].url: field not declared in schema");
      expect(await bad(`{ chainId: "solana", ${rpc}, venues: [pumpswap] }`)).toContain("spec.venues");
      expect(
        await bad(`{ chainId: "solana", ${rpc}, venues: [PUMPSWAP], backfill: { mode: FromStartBlock } }`),
      ).toContain("startBlock is required when backfill.mode is FromStartBlock");
    });

    it("creates the ingest Deployment and Service, shard Deployments, Services and shard map, owned by their resource", async () => {
      const chain = (await getChain())!;
      const shardSet = (await getShardSet())!;
      const ingest = await eventually("ingest Deployment", async () =>
        kubectlJson("get", "deployment", "tapeline-ingest-base").catch(() => undefined),
      );
      expect(ingest.spec.replicas).toBe(1);
      expect(ingest.spec.strategy.type).toBe("Recreate");
      const owner = (o: { metadata: { ownerReferences: unknown[] } }) => o.metadata.ownerReferences;
      expect(owner(ingest)).toEqual([
        expect.objectContaining({ kind: "Chain", name: "base", uid: chain.metadata.uid, controller: true }),
      ]);
      expect(owner(await kubectlJson("get", "service", "tapeline-ingest-base"))[0]).toMatchObject({
        uid: chain.metadata.uid,
      });
      expect(chain.metadata.finalizers).toEqual([CHAIN_FINALIZER]);

      await eventually("two shard Deployments", async () => (await shardDeployments()).length === 2);
      expect(await shardDeployments()).toEqual(["main-shard-0", "main-shard-1"]);
      for (const name of ["main-shard-0", "main-shard-1"]) {
        for (const kind of ["deployment", "service"]) {
          expect(owner(await kubectlJson("get", kind, name))[0]).toMatchObject({
            kind: "ShardSet",
            uid: shardSet.metadata.uid,
            controller: true,
          });
        }
      }
      const map = await eventually("shard map", () => shardMap().catch(() => undefined));
      expect(map.shards.map((s) => s.name)).toEqual(["shard-0", "shard-1"]);
      expect(map.shards[1]?.url).toBe(`http://main-shard-1.${NS}.svc:8080`);
      const cm = await kubectlJson("get", "configmap", "main-shard-map");
      expect(owner(cm)[0]).toMatchObject({ uid: shardSet.metadata.uid, controller: true });
      // Managed by server-side apply under the operator's field manager.
      const managed = await kubectlJson("get", "deployment", "tapeline-ingest-base", "--show-managed-fields");
      expect(
        managed.metadata.managedFields.map((f: { manager: string; operation: string }) => [
          f.manager,
          f.operation,
        ]),
      ).toContainEqual(["tapeline-operator", "Apply"]);
    });

    it("reports conditions and the worker's figures once pods are available, and enqueues the backfill", async () => {
      for (const name of ["tapeline-ingest-base", "main-shard-0", "main-shard-1"]) {
        await markDeploymentAvailable(cluster, NS, name);
      }
      const chain = await eventually("Chain Ready", async () => {
        const c = await getChain();
        return condition(c, "Ready")?.status === "True" ? c : undefined;
      });
      expect(chain?.status).toMatchObject({
        observedGeneration: chain?.metadata.generation,
        head: readiness.headBlock,
        indexedBlock: readiness.indexedBlock,
        lag: readiness.headBlock - readiness.indexedBlock,
      });
      expect(condition(chain, "Ingesting")).toMatchObject({ status: "True", reason: "WorkerReady" });
      expect(condition(chain, "Backfilling")).toMatchObject({ status: "True", reason: "BackfillQueued" });
      expect(condition(chain, "Degraded")).toMatchObject({ status: "False" });
      const job = await inspect.getJob(toBullJobId(chain?.status?.backfill?.jobId as string));
      expect(job?.data).toMatchObject({ chain: "evm:8453", fromBlock: 20_000_000, blocksPerJob: 2000 });

      const set = await eventually("ShardSet Ready", async () => {
        const s = await getShardSet();
        return condition(s, "Ready")?.status === "True" ? s : undefined;
      });
      expect(set?.status).toMatchObject({ replicas: 2, availableReplicas: 2, shardMap: "main-shard-map" });
      const printed = await cluster.kubectl(["-n", NS, "get", "chains"]);
      expect(printed).toMatch(/base\s+evm:8453\s+1000\s+990\s+10\s+True/);
    });

    it("kubectl scale shardset/main changes the shard Deployments and the shard map, up and down", async () => {
      const before = await shardMap();
      await cluster.kubectl(["-n", NS, "scale", "shardset/main", "--replicas=3"]);
      await eventually("third shard Deployment", async () => (await shardDeployments()).length === 3);
      expect((await shardMap()).shards).toHaveLength(2);
      await markDeploymentAvailable(cluster, NS, "main-shard-2");
      const grown = await eventually("map with three shards", async () => {
        const m = await shardMap();
        return m.shards.length === 3 ? m : undefined;
      });
      expect(grown.version).toBe(before.version + 1);
      expect(grown.shards.map((s) => s.name)).toEqual(["shard-0", "shard-1", "shard-2"]);
      const scale = JSON.parse(
        await cluster.kubectl([
          "get",
          "--raw",
          `/apis/tapeline.dev/v1alpha1/namespaces/${NS}/shardsets/main/scale`,
        ]),
      );
      await eventually("status.replicas 3", async () => (await getShardSet())?.status?.replicas === 3);
      expect(scale.spec.replicas).toBe(3);
      expect(scale.status.selector).toBe(
        "app.kubernetes.io/name=tapeline,app.kubernetes.io/component=query,tapeline.dev/shardset=main",
      );

      await cluster.kubectl(["-n", NS, "scale", "shardset/main", "--replicas=1"]);
      await eventually("one shard Deployment", async () => (await shardDeployments()).length === 1);
      expect(await shardDeployments()).toEqual(["main-shard-0"]);
      const shrunk = await shardMap();
      expect(shrunk.shards.map((s) => s.name)).toEqual(["shard-0"]);
      expect(shrunk.version).toBe(grown.version + 1);
      const services = (await kubectlJson("get", "services", "-l", "tapeline.dev/shardset=main")).items;
      expect(services.map((s: { metadata: { name: string } }) => s.metadata.name)).toEqual(["main-shard-0"]);
      const set = await eventually("status.replicas 1", async () => {
        const s = await getShardSet();
        return s?.status?.replicas === 1 ? s : undefined;
      });
      expect(condition(set, "Ready")?.status).toBe("True");
    });

    it("enqueues a new backfill when the start block changes", async () => {
      const first = (await getChain())?.status?.backfill?.jobId;
      await cluster.kubectl([
        "-n",
        NS,
        "patch",
        "chain",
        "base",
        "--type=merge",
        "-p",
        '{"spec":{"startBlock":19000000}}',
      ]);
      const chain = await eventually("new backfill", async () => {
        const c = await getChain();
        return c?.status?.backfill?.jobId !== first &&
          c?.status?.observedGeneration === c?.metadata.generation
          ? c
          : undefined;
      });
      const job = await inspect.getJob(toBullJobId(chain?.status?.backfill?.jobId as string));
      expect(job?.data).toMatchObject({ fromBlock: 19_000_000 });
      expect(await inspect.getJob(toBullJobId(first as string))).toBeDefined();
    });

    it("makes no write on a second reconcile pass over an unchanged world", async () => {
      await idle();
      const versions = async () => {
        const out: Record<string, string> = {};
        for (const kind of ["deployments", "services", "configmaps", "chains", "shardsets", "jobs"]) {
          for (const o of (await kubectlJson("get", kind)).items)
            out[`${kind}/${o.metadata.name}`] = o.metadata.resourceVersion;
        }
        return out;
      };
      const before = await versions();
      io.writes.length = 0;
      controllers.resync();
      await idle();
      expect(io.writes).toEqual([]);
      expect(await versions()).toEqual(before);
    });

    it("retries a stale status update that got 409, quietly", async () => {
      io.makeNextChainStatusStale();
      readiness = { ...readiness, headBlock: 1010, indexedBlock: 1005 };
      controllers.chains.add(`${NS}/base`);
      const chain = await eventually("status with the new figures", async () => {
        const c = await getChain();
        return c?.status?.indexedBlock === 1005 ? c : undefined;
      });
      expect(chain?.status?.lag).toBe(5);
      expect(io.conflicts).toHaveLength(1);
      expect(io.conflicts[0]).toMatch(/^ConflictError: update status of Chain tapeline\/base: 409/);
      expect(logs.filter((l) => l.level >= 40).map((l) => l.msg)).toEqual([]);
      expect(logs.some((l) => l.msg === "conflict, requeued")).toBe(true);
    });

    it("elects one leader on the Lease, and a standby takes over when the leader releases it", async () => {
      const opts = {
        namespace: NS,
        name: "tapeline-operator",
        durationSeconds: 3,
        renewDeadlineSeconds: 2,
        retryPeriodSeconds: 1,
      };
      const quiet = pino({ level: "silent" });
      const events: string[] = [];
      const a = createLeaderElector(cluster.kcAs("operator"), { ...opts, identity: "a", logger: quiet });
      const b = createLeaderElector(cluster.kcAs("operator"), { ...opts, identity: "b", logger: quiet });
      const stopA = new AbortController();
      const stopB = new AbortController();
      const callbacks = (who: string) => ({
        onStartedLeading: () => events.push(`${who} leads`),
        onStoppedLeading: () => events.push(`${who} lost`),
      });
      const runA = a.run(callbacks("a"), stopA.signal);
      await eventually("a leads", async () => a.isLeader());
      const runB = b.run(callbacks("b"), stopB.signal);
      const lease = async () => (await kubectlJson("get", "lease", "tapeline-operator")).spec;
      // b keeps trying while a renews: it must not take over.
      await eventually("a renewed while b waits", async () => {
        const spec = await lease();
        return spec.holderIdentity === "a" && spec.renewTime !== spec.acquireTime;
      });
      expect(b.isLeader()).toBe(false);
      stopA.abort();
      await runA;
      await eventually("b leads", async () => b.isLeader());
      expect((await lease()).holderIdentity).toBe("b");
      stopB.abort();
      await runB;
      expect(events).toEqual(["a leads", "b leads"]);
      expect((await lease()).holderIdentity).toBe("");
    });

    it("deleting the resources cleans up (finalizer cancels the backfill, owner references do the rest)", async () => {
      const uid = (await getChain())?.metadata.uid;
      await cluster.kubectl(["-n", NS, "delete", "chain", "base", "--wait=false"]);
      await cluster.kubectl(["-n", NS, "delete", "shardset", "main", "--wait=false"]);
      await eventually("Chain gone", async () => (await getChain()) === null);
      const cancel = await inspect.getJob(toBullJobId(`cancel-${uid}`));
      expect(cancel?.data).toMatchObject({ chain: "evm:8453", chainName: "base" });
      await eventually(
        "owned objects collected",
        async () => {
          const left = [];
          for (const kind of ["deployments", "services", "configmaps"]) {
            const items = (
              await kubectlJson("get", kind, "-l", "app.kubernetes.io/managed-by=tapeline-operator")
            ).items;
            left.push(...items);
          }
          return left.length === 0;
        },
        60_000,
      );
      expect(await getShardSet()).toBeNull();
    });

    it("runs as its container does: validated config, leader Lease, controllers, clean exit on SIGTERM", async () => {
      const env = {
        ...process.env,
        KUBECONFIG: cluster.kubeconfigAs("operator"),
        WATCH_NAMESPACE: NS,
        POD_NAME: "operator-0",
        REDIS_URL: TEST_REDIS_URL,
        INGEST_IMAGE: settings.ingestImage,
        QUERY_IMAGE: settings.queryImage,
        MIGRATE_IMAGE: "tapeline/operator:next",
        DATABASE_SECRET_NAME: "tapeline-postgres",
        REDIS_SECRET_NAME: "tapeline-redis",
        HEALTH_PORT: String(await freePort()),
        LOG_LEVEL: "warn",
      };
      const child = spawn(process.execPath, ["--import", "tsx", "operator/src/index.ts"], {
        cwd: ROOT,
        env,
        stdio: "pipe",
      });
      let output = "";
      child.stdout.on("data", (d) => {
        output += d;
      });
      child.stderr.on("data", (d) => {
        output += d;
      });
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      try {
        await eventually(
          "the Lease held by operator-0",
          async () =>
            (await kubectlJson("get", "lease", "tapeline-operator").catch(() => undefined))?.spec
              .holderIdentity === "operator-0",
        );
        const health = await fetch(`http://127.0.0.1:${env.HEALTH_PORT}/healthz`);
        expect(health.status).toBe(200);
        // The controllers run: a new release's migrations Job appears for the new image.
        await cluster.applyYaml(`
apiVersion: tapeline.dev/v1alpha1
kind: ShardSet
metadata: { name: smoke, namespace: ${NS} }
spec: { replicas: 1 }
`);
        const jobs = await eventually("a migrations Job for the new image", async () => {
          const items = (await kubectlJson("get", "jobs")).items as {
            spec: { template: { spec: { containers: { image: string }[] } } };
          }[];
          return (
            items.some((j) => j.spec.template.spec.containers[0]?.image === "tapeline/operator:next") ||
            undefined
          );
        });
        expect(jobs).toBe(true);
      } finally {
        child.kill("SIGTERM");
      }
      expect(await exited, output).toBe(0);
      expect((await kubectlJson("get", "lease", "tapeline-operator")).spec.holderIdentity).toBe("");
    });
  },
);
