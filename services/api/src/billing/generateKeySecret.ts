import { randomBytes } from "node:crypto";

/** Prefix of every API key secret, so leaked keys are easy to recognise (secret scanners, logs). */
export const KEY_SECRET_PREFIX = "tl_";

/** Shape of a well-formed secret; anything else is refused without touching Redis. */
export const KEY_SECRET_PATTERN = /^tl_[A-Za-z0-9_-]{43}$/;

/**
 * A new API key secret: `tl_` plus 32 random bytes in base64url (256 bits of entropy). Shown to
 * its owner once and never stored (only its hash is, see hashKeySecret).
 */
export function generateKeySecret(): string {
  return KEY_SECRET_PREFIX + randomBytes(32).toString("base64url");
}
