import type { Mount } from "../gates/GatePlugin.ts";
import { createPortalRouter, type PortalDeps } from "./createPortalRouter.ts";

/** Portal settings: session lifetime and whether the cookie is `Secure` (behind TLS). */
export type PortalOptions = PortalDeps & { sessionHours: number; secureCookie: boolean };

/**
 * The customer portal as a mount for `createApp({ mounts })`: the page at `/portal`, its JSON
 * calls under `/portal/api`.
 */
export function portalMount(deps: PortalOptions): Mount {
  return { path: "/portal", handler: createPortalRouter(deps) };
}
