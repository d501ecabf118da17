import { existsSync } from "node:fs";
import { join } from "node:path";
import { createContext, freePort } from "@tapeline/core";
import {
  createSolanaReplayServer,
  loadSolanaRecording,
  replayBlocksFromRecording,
  SOLANA_VENUES,
  startIngestService,
} from "@tapeline/ingest";
import { DEV_CHAINS, seedDevChains } from "./seedDevChains.ts";
import type { DevComponent } from "./startDevStack.ts";

/**
 * The dev stack's Solana: the recorded mainnet blocks and transactions of `fixturesRoot`
 * (`solana/tx`) served over JSON-RPC by the local replay server, and the Solana ingest service
 * (started through the entry the container runs) indexing them from the first recorded slot to
 * the last (trades, pools, tokens, launchpads, SOL/USD). Without the fixtures directory Solana stays empty and a warning says why.
 */
export function createSolanaReplayComponent(opts: { fixturesRoot: string }): DevComponent {
  return {
    name: "solana replay",
    async start(deps) {
      const logger = deps.ctx.logger.child({ component: "solana replay" });
      if (!existsSync(join(opts.fixturesRoot, "solana", "tx"))) {
        logger.warn({ fixturesRoot: opts.fixturesRoot }, "no recorded Solana data: Solana stays empty");
        return { stop: async () => {} };
      }
      const blocks = replayBlocksFromRecording(loadSolanaRecording(opts.fixturesRoot));
      const server = await createSolanaReplayServer({ blocks });
      const first = server.slots[0];
      const last = server.slots.at(-1);
      if (first === undefined || last === undefined) {
        await server.close();
        logger.warn({ fixturesRoot: opts.fixturesRoot }, "the recording holds no block: Solana stays empty");
        return { stop: async () => {} };
      }
      // The ingest's own entry, configured as the operator configures it for Solana, on the dev
      // stack's store and bus: it follows the replay server's slots to its head, the last one.
      const ctx = createContext({ name: "ingest", level: deps.ctx.logger.level });
      const { port } = await startIngestService(
        ctx,
        {
          CHAIN_ID: "solana",
          CHAIN_NAME: DEV_CHAINS[1].slug,
          FINALITY_DEPTH: String(DEV_CHAINS[1].finalityDepth),
          VENUES: SOLANA_VENUES.map((v) => v.venueType).join(","),
          START_BLOCK: String(first),
          RPC_URL_COUNT: "1",
          RPC_URL_0: server.url,
          DATABASE_URL: deps.databaseUrl,
          // events go on the dev stack's in-process bus (passed below), shared with its API
          BUS: "memory",
          HOST: "127.0.0.1",
          PORT: String(await freePort()),
        },
        (err) => logger.error({ err }, "Solana ingest stopped"),
        deps.bus ?? undefined,
      );
      await seedDevChains(deps.pool);
      logger.info({ port, slots: server.slots.length, last }, "Solana ingest serving /readyz and /metrics");
      return {
        stop: async () => {
          await ctx.shutdown.run("dev stack stopping");
          await server.close();
        },
      };
    },
  };
}
