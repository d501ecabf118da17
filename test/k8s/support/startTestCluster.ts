import { type ChildProcess, spawn } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@tapeline/core/testing";
import { KubeConfig } from "@tapeline/operator";
import { load } from "js-yaml";
import { type K8sTools, ROOT } from "./k8sTools.ts";

/** A throwaway control plane on loopback: etcd, kube-apiserver and a garbage-collecting controller manager. */
export type TestCluster = {
  server: string;
  /** A cluster-admin bearer token. */
  token: string;
  /** Client config for cluster-admin. */
  kc: KubeConfig;
  /** A kubeconfig file for kubectl / helm as cluster-admin. */
  kubeconfigPath: string;
  /** A KubeConfig authenticating as `user` (a token file entry; RBAC decides what it may do). */
  kcAs(user: "operator"): KubeConfig;
  /** A kubeconfig file authenticating as `user`. */
  kubeconfigAs(user: "operator"): string;
  /** Runs kubectl against the cluster; resolves with stdout, rejects with stderr on a non-zero exit. */
  kubectl(args: string[], input?: string): Promise<string>;
  /** Applies the YAML documents in `file` (or text) server-side as cluster-admin. */
  applyYaml(text: string): Promise<void>;
  stop(): Promise<void>;
};

function run(
  bin: string,
  args: string[],
  opts: { input?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, ...opts.env } });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${path.basename(bin)} ${args.join(" ")} exited ${code}: ${err || out}`));
    });
    child.stdin.end(opts.input ?? "");
  });
}

function startProcess(
  name: string,
  bin: string,
  args: string[],
  logDir: string,
): { child: ChildProcess; log: string } {
  const log = path.join(logDir, `${name}.log`);
  const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"], detached: false });
  const chunks: string[] = [];
  child.stdout?.on("data", (d) => chunks.push(String(d)));
  child.stderr?.on("data", (d) => chunks.push(String(d)));
  child.on("exit", () => writeFileSync(log, chunks.join("")));
  return { child, log };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  died: () => string | null,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const dead = died();
    if (dead) throw new Error(`${what}: ${dead}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`${what}: not ready after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function kubeConfigFor(server: string, token: string, user: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: "test", server, skipTLSVerify: true }],
    users: [{ name: user, token }],
    contexts: [{ name: "test", cluster: "test", user }],
    currentContext: "test",
  });
  return kc;
}

/**
 * Starts etcd and kube-apiserver on loopback with random ports (self-signed serving certificate,
 * token authentication, RBAC, a service-account signing key), applies the project's CRDs, then starts
 * kube-controller-manager running only the garbage collector, so owner references are honoured.
 */
export async function startTestCluster(tools: K8sTools): Promise<TestCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "tapeline-k8s-"));
  const [etcdPort, peerPort, apiPort] = [await freePort(), await freePort(), await freePort()];
  const adminToken = randomBytes(16).toString("hex");
  const operatorToken = randomBytes(16).toString("hex");
  writeFileSync(
    path.join(dir, "tokens.csv"),
    `${adminToken},admin,admin-uid,"system:masters"\n` +
      `${operatorToken},system:serviceaccount:tapeline:tapeline-operator,operator-uid,"system:serviceaccounts,system:serviceaccounts:tapeline"\n`,
  );
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  writeFileSync(path.join(dir, "sa.key"), privateKey.export({ type: "pkcs8", format: "pem" }));
  writeFileSync(path.join(dir, "sa.pub"), publicKey.export({ type: "spki", format: "pem" }));

  const procs: ChildProcess[] = [];
  const stopAll = async () => {
    for (const p of [...procs].reverse()) await stopProcess(p);
    rmSync(dir, { recursive: true, force: true });
  };
  const deadMessage = (p: { child: ChildProcess; log: string }, name: string) => () =>
    p.child.exitCode !== null ? `${name} exited with ${p.child.exitCode}` : null;

  try {
    const etcd = startProcess(
      "etcd",
      tools.etcd,
      [
        `--data-dir=${path.join(dir, "etcd")}`,
        `--listen-client-urls=http://127.0.0.1:${etcdPort}`,
        `--advertise-client-urls=http://127.0.0.1:${etcdPort}`,
        `--listen-peer-urls=http://127.0.0.1:${peerPort}`,
        `--initial-advertise-peer-urls=http://127.0.0.1:${peerPort}`,
        `--initial-cluster=default=http://127.0.0.1:${peerPort}`,
        "--unsafe-no-fsync",
        "--log-level=warn",
      ],
      dir,
    );
    procs.push(etcd.child);
    await waitFor(
      "etcd",
      async () => (await fetch(`http://127.0.0.1:${etcdPort}/health`)).ok,
      30_000,
      deadMessage(etcd, "etcd"),
    );

    const server = `https://127.0.0.1:${apiPort}`;
    const api = startProcess(
      "kube-apiserver",
      tools.kubeApiserver,
      [
        `--etcd-servers=http://127.0.0.1:${etcdPort}`,
        `--cert-dir=${path.join(dir, "certs")}`,
        "--bind-address=127.0.0.1",
        "--advertise-address=127.0.0.1",
        `--secure-port=${apiPort}`,
        `--token-auth-file=${path.join(dir, "tokens.csv")}`,
        "--authorization-mode=RBAC",
        `--service-account-key-file=${path.join(dir, "sa.pub")}`,
        `--service-account-signing-key-file=${path.join(dir, "sa.key")}`,
        "--service-account-issuer=https://kubernetes.default.svc",
        "--service-cluster-ip-range=10.96.0.0/16",
        "--allow-privileged=true",
        "--enable-priority-and-fairness=false",
        "--v=0",
      ],
      dir,
    );
    procs.push(api.child);
    const kc = kubeConfigFor(server, adminToken, "admin");
    const kubeconfigPath = writeKubeconfig(dir, server, adminToken);
    const kubectl = (args: string[], input?: string) =>
      run(tools.kubectl, ["--kubeconfig", kubeconfigPath, ...args], input === undefined ? {} : { input });
    await waitFor(
      "kube-apiserver",
      async () => (await kubectl(["get", "--raw", "/readyz"])).trim() === "ok",
      90_000,
      deadMessage(api, "kube-apiserver"),
    );

    const crdDir = path.join(ROOT, "crds");
    const crds = readdirSync(crdDir)
      .filter((f) => f.endsWith(".yaml"))
      .map((f) => readFileSync(path.join(crdDir, f), "utf8"));
    await kubectl(["apply", "--server-side", "-f", "-"], crds.join("\n---\n"));
    for (const text of crds) {
      const name = (load(text) as { metadata: { name: string } }).metadata.name;
      await kubectl(["wait", "--for=condition=Established", "--timeout=60s", `crd/${name}`]);
    }

    const kcm = startProcess(
      "kube-controller-manager",
      tools.kubeControllerManager,
      [
        `--kubeconfig=${kubeconfigPath}`,
        "--controllers=garbagecollector",
        "--leader-elect=false",
        "--secure-port=0",
        "--v=0",
      ],
      dir,
    );
    procs.push(kcm.child);
    await new Promise((r) => setTimeout(r, 300));
    const dead = deadMessage(kcm, "kube-controller-manager")();
    if (dead) throw new Error(dead);

    return {
      server,
      token: adminToken,
      kc,
      kubeconfigPath,
      kcAs: () => kubeConfigFor(server, operatorToken, "operator"),
      kubeconfigAs: () => writeKubeconfig(dir, server, operatorToken, "operator"),
      kubectl,
      async applyYaml(text: string) {
        await kubectl(["apply", "--server-side", "--force-conflicts", "-f", "-"], text);
      },
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

function writeKubeconfig(dir: string, server: string, token: string, user = "admin"): string {
  const file = path.join(dir, `kubeconfig-${user}`);
  writeFileSync(
    file,
    JSON.stringify({
      apiVersion: "v1",
      kind: "Config",
      clusters: [{ name: "test", cluster: { server, "insecure-skip-tls-verify": true } }],
      users: [{ name: user, user: { token } }],
      contexts: [{ name: "test", context: { cluster: "test", user } }],
      "current-context": "test",
    }),
  );
  return file;
}
