import { hash, verify } from '@node-rs/argon2';

// algorithm 2 = Argon2id (the package's const enum cannot be read under isolatedModules)
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A hash no password matches: accounts created without a password cannot log in. */
export const NO_LOGIN = '!';

/**
 * Verified against when the user does not exist or has no password, so that an unknown name costs the same work as a
 * wrong password and the answer time does not reveal which user names exist: an Argon2id hash with the same
 * parameters as every hash `hashPassword` stores (taken from OPTIONS), of a random secret nobody kept. It is fixed
 * text, not hashed on first use — that first unknown name would have cost a hash and a verification.
 */
export const DUMMY_HASH = `$argon2id$v=19$m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}$nSSglHIii6QSUu7uMc0AOQ$Rejdulz1P4b1xaoXuXCIOXQNJmaJk5tiAZ3m1sV1/oo`;

export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored || stored === NO_LOGIN) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
