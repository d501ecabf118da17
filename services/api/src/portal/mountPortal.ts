import type { Express } from "express";
import { type PortalOptions, portalMount } from "./portalMount.ts";

/** Mounts the customer portal at `/portal` on an Express app built without `createApp`. */
export function mountPortal(app: Express, deps: PortalOptions): void {
  const { path, handler } = portalMount(deps);
  app.use(path, handler);
}
