import { ConfigError, createEnvReader, createPgPool } from "@tapeline/core";
import type { GatePlugin } from "../gates/GatePlugin.ts";
import { portalMount } from "../portal/portalMount.ts";
import { createAccountService } from "./createAccountService.ts";
import { createBillingGate } from "./createBillingGate.ts";
import { createDemoGate } from "./createDemoGate.ts";
import { type BillingConfig, loadBillingConfig } from "./loadBillingConfig.ts";

/** The billing plugin's settings: billing itself plus `DATABASE_URL` (accounts, keys, usage history). */
export type BillingPluginConfig = { billing: BillingConfig; databaseUrl: string };

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
    problems.push(...r.problems.map((p) => `${p} (billing keeps accounts, keys and usage in Postgres)`));
    if (problems.length > 0 || !billing) throw new ConfigError(problems);
    return { billing, databaseUrl };
  },
  async create(config, { redis, ctx }) {
    const pg = createPgPool({ url: config.databaseUrl, applicationName: "tapeline-billing" });
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
      async close() {
        await gate.close();
        await pg.end();
      },
    };
  },
};
