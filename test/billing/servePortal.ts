import { portalMount } from "../../services/api/src/portal/portalMount.ts";
import type { BillingHarness } from "./billingHarness.ts";

/** Serves the harness's keyed API with the customer portal mounted (1-hour sessions, plain-HTTP cookies); returns its URL. */
export async function servePortal(h: BillingHarness): Promise<string> {
  const mount = portalMount({
    accounts: h.accounts,
    store: h.gate.store,
    logger: h.ctx.logger,
    sessionHours: 1,
    secureCookie: false,
  });
  return (await h.serve({ mounts: [mount] })).url;
}
