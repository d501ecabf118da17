import { ApiError, createContext, createEnvReader, createPgPool, isMainModule } from "@tapeline/core";
import { Redis } from "ioredis";
import { createAccountService } from "../billing/createAccountService.ts";
import { createBillingStore } from "../billing/createBillingStore.ts";
import { loadBillingConfig } from "../billing/loadBillingConfig.ts";
import { ADMIN_USAGE, runAdminCommand } from "./runAdminCommand.ts";

/**
 * The admin CLI for self-hosters: `tsx services/api/src/admin/cli.ts <command> [options]`.
 * Prints the result as JSON on stdout; exits 1 with the error on stderr.
 */
export async function main(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  if (argv.length === 0 || argv[0] === "help" || argv[0] === "--help") {
    process.stdout.write(`${ADMIN_USAGE}\n`);
    return 0;
  }
  const r = createEnvReader(env);
  const databaseUrl = r.string("DATABASE_URL");
  const redisUrl = r.string("REDIS_URL");
  r.done();
  const config = loadBillingConfig(env);
  const ctx = createContext({ name: "tapeline-admin", level: "warn" });
  const pg = createPgPool({ url: databaseUrl, max: 2, applicationName: "tapeline-admin" });
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  try {
    const store = createBillingStore({ redis, pg, config });
    const accounts = createAccountService({ pg, store });
    const result = await runAdminCommand(argv, { accounts, store });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof ApiError) {
      process.stderr.write(`${err.code}: ${err.message}\n`);
    } else {
      ctx.logger.error({ err }, "admin command failed");
    }
    return 1;
  } finally {
    redis.disconnect();
    await pg.end();
  }
}

if (isMainModule(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
