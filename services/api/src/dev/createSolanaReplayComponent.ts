import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  createEventPublisher,
  createSolanaReplayServer,
  createSolanaRpcSource,
  createSolanaWorker,
  loadSolanaRecording,
  replayBlocksFromRecording,
} from "@tapeline/ingest";
import type { DevComponent } from "./startDevStack.ts";

/**
 * The dev stack's Solana: the recorded mainnet blocks and transactions of `fixturesRoot`
 * (`solana/tx`) served over JSON-RPC by the local replay server, and the production Solana worker
 * indexing them from the first recorded slot to the last (trades, pools, tokens, launchpads,
 * SOL/USD). Without the fixtures directory Solana stays empty and a warning says why.
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
      const worker = createSolanaWorker({
        source: createSolanaRpcSource({ endpoints: [server.url] }),
        db: deps.pool,
        startSlot: BigInt(first),
        ...(deps.bus ? { events: createEventPublisher(deps.pool, deps.bus, logger) } : {}),
        log: { info: (obj, msg) => logger.debug(obj, msg) },
      });
      const done = worker
        .runUntil(BigInt(last))
        .then(() => logger.info({ slots: server.slots.length, last }, "recorded Solana blocks indexed"))
        .catch((err: unknown) => logger.error({ err: String(err) }, "Solana replay stopped"));
      return {
        stop: async () => {
          await worker.stop();
          await done;
          await server.close();
        },
      };
    },
  };
}
