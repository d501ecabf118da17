import { randomBytes, scrypt } from "node:crypto";

const N = 16384;
const R = 8;
const P = 1;

/** Derives a scrypt key; promisified by hand so the cost options keep their types. */
export function scryptAsync(
  password: string,
  salt: Buffer,
  n: number,
  r: number,
  p: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, 32, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * Hashes a portal credential with scrypt and a random salt (people choose passwords, so unlike
 * API keys they need a slow, salted hash). Format: `scrypt$N$r$p$<salt b64>$<hash b64>`.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}
