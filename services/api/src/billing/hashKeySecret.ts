import { createHash } from "node:crypto";

/**
 * The stored form of an API key: sha256 of the secret, hex. A fast unsalted hash is the right
 * tool here, unlike for passwords: the secret is 256 random bits, so no dictionary or brute force
 * can reach it, and a deterministic hash lets every request find its key with one lookup instead
 * of a slow KDF per call. A database leak reveals no usable key.
 */
export function hashKeySecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
