import { randomBytes } from "node:crypto";
import {
  type Context,
  createEnvReader,
  createMemoryBus,
  createMemoryQueue,
  runService,
} from "@tapeline/core";
import { loadQueryProviders } from "@tapeline/query";
import { startDevStack } from "./dev/startDevStack.ts";

/**
 * `make dev`: the whole service in one process on 127.0.0.1:${PORT:-8080}. `DEV_API_KEY` is the
 * key it accepts (one is generated and printed when absent). `DATABASE_URL` selects the Postgres.
 * Ctrl-C (SIGINT) or SIGTERM stops every part.
 */
async function main(ctx: Context): Promise<void> {
  const r = createEnvReader(process.env);
  const port = r.int("PORT", 8080, 0, 65535);
  const databaseUrl = r.string("DATABASE_URL");
  const givenKey = r.optional("DEV_API_KEY");
  r.done();
  const apiKey = givenKey ?? `dev_${randomBytes(18).toString("base64url")}`;

  const { url } = await startDevStack({
    ctx,
    database: { url: databaseUrl },
    host: "127.0.0.1",
    port,
    apiKey,
    bus: createMemoryBus(),
    queue: createMemoryQueue({ logger: ctx.logger }),
    providers: await loadQueryProviders(),
  });
  process.stdout.write(
    `\nTapeline dev stack serving ${url}\n` +
      `  API key (Authorization header): ${apiKey}${givenKey ? " (from DEV_API_KEY)" : " (generated; set DEV_API_KEY to choose one)"}\n` +
      `  try: curl -H 'Authorization: ${apiKey}' ${url}/v1/meta/chains\n\n`,
  );
}

void runService("dev", main);
