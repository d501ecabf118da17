/**
 * The rate-limit group of a path: its first segment after `/v1/` (`/v1/wallet/swaps` is
 * `wallet`). Per-group caps count one per item, so heavy families can be capped on their own.
 */
export function endpointGroup(path: string): string {
  const m = /^\/v1\/([a-z0-9-]+)/.exec(path);
  return m ? m[1]! : "other";
}
