import { hash } from '@node-rs/argon2';

/**
 * argon2id (the library default algorithm) with the OWASP-recommended minimum cost:
 * 19 MiB memory, 2 passes, 1 lane. The PHC string records the parameters, so the auth
 * module can verify these hashes whatever parameters it uses for new ones.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}
