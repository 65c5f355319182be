import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP minimum cost (19 MiB, 2 passes, 1 lane) — the same parameters as the
 * seed's hashes (db/seed/password.ts). The PHC string records the parameters, so raising them
 * later keeps old hashes verifiable.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed verification, never a 500 that reveals the account.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no hash to check (unknown e-mail, social-only
 * account), so response times do not tell which e-mails are registered.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword('kiyasla-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
