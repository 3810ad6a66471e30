import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. (2 = Algorithm.Argon2id, a const enum.)
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** argon2id hash of a password (PHC string). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when `password` matches `stored`; false for a missing or malformed hash. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/**
 * Burns the same time as a real check and answers false, so an unknown email (or a user who has
 * no password yet) cannot be told apart from a wrong password by timing.
 */
export async function verifyDummy(password: string): Promise<false> {
  dummy ??= hashPassword('not-a-real-password-0');
  await verifyPassword(await dummy, password);
  return false;
}
