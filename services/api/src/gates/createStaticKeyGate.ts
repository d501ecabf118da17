import { UnauthorizedError } from "@tapeline/core";
import type { RequestGate } from "../gate.ts";

/**
 * A gate for the dev stack: a request is admitted when its `Authorization` header is one of
 * `keys` (the raw key, no Bearer prefix). Zero-credit endpoints are also served without a key,
 * as on the demo listener; a key that is present but wrong is always refused. Nothing is billed.
 */
export function createStaticKeyGate(keys: readonly string[]): RequestGate {
  const accepted = new Set(keys);
  return {
    async admit({ endpoint, headers }) {
      const raw = headers.authorization;
      const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
      if (!key) {
        if (endpoint.credits.kind === "free") return { caller: null, headers: {}, settle: async () => ({}) };
        throw new UnauthorizedError(
          "missing API key: send it as the raw value of the Authorization header",
          "missing_key",
        );
      }
      if (!accepted.has(key)) throw new UnauthorizedError("invalid API key", "invalid_key");
      return { caller: { accountId: "dev", keyId: "dev" }, headers: {}, settle: async () => ({}) };
    },
  };
}
