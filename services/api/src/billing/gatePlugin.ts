import { ConfigError, createEnvReader, createPgPool } from "@tapeline/core";
import type { GatePlugin } from "../gates/GatePlugin.ts";
import { portalMount } from "../portal/portalMount.ts";
import { createAccountService } from "./createAccountService.ts";
import { createBillingGate } from "./createBillingGate.ts";
import { createDemoGate } from "./createDemoGate.ts";
import { type BillingConfig, loadBillingConfig } from "./loadBillingConfig.ts";

/** The billing plugin's settings: billing itself plus `DATABASE_URL` (accounts, keys, usage history). */
export type BillingPluginConfig = {
  billing: BillingConfig;
  databaseUrl: string;
  /**
   * `BILLING_PG_STATEMENT_TIMEOUT_MS`, default 1000: bound of one statement on the billing
   * Postgres (key lookups, usage reads); a stalled database answers 503 instead of hanging.
   */
  pgStatementTimeoutMs: number;
  /** `BILLING_PG_CONNECT_TIMEOUT_MS`, default 500: bound of getting a connection. */
  pgConnectTimeoutMs: number;
};

/**
 * The router's commercial gate: API keys, rate limits and credits (`createBillingGate`), the
 * customer portal at `/portal`, and the usage endpoints (listed by `endpoints/usage/endpoints.ts`
 * from this gate's store). Needs Redis (given by the router) and Postgres (`DATABASE_URL`).
 */
export const gatePlugin: GatePlugin<BillingPluginConfig> = {
  name: "billing",
  readConfig(env) {
    const problems: string[] = [];
    let billing: BillingConfig | null = null;
    try {
      billing = loadBillingConfig(env);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      problems.push(...err.problems);
    }
    const r = createEnvReader(env);
    const databaseUrl = r.string("DATABASE_URL");
    const pgStatementTimeoutMs = r.int("BILLING_PG_STATEMENT_TIMEOUT_MS", 1000, 10);
    const pgConnectTimeoutMs = r.int("BILLING_PG_CONNECT_TIMEOUT_MS", 500, 10);
    problems.push(...r.problems.map((p) => `${p} (billing keeps accounts, keys and usage in Postgres)`));
    if (problems.length > 0 || !billing) throw new ConfigError(problems);
    return { billing, databaseUrl, pgStatementTimeoutMs, pgConnectTimeoutMs };
  },
  async create(config, { redis, ctx }) {
    const pg = createPgPool({
      url: config.databaseUrl,
      applicationName: "tapeline-billing",
      statementTimeoutMs: config.pgStatementTimeoutMs,
      connectTimeoutMs: config.pgConnectTimeoutMs,
    });
    const gate = createBillingGate({ redis, pg, config: config.billing, ctx });
    const accounts = createAccountService({ pg, store: gate.store });
    return {
      gate,
      demoGate: createDemoGate({ redis, config: config.billing }),
      mounts: [
        portalMount({
          accounts,
          store: gate.store,
          logger: ctx.logger.child({ component: "portal" }),
          sessionHours: config.billing.portalSessionHours,
          secureCookie: config.billing.portalSecureCookie,
        }),
      ],
      checks: [{ name: "postgres", check: () => pg.query("select 1") }],
      async close() {
        await gate.close();
        await pg.end();
      },
    };
  },
};
