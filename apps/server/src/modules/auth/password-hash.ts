import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * Password hashing with argon2id at the OWASP Password Storage minimum (19 MiB, 2 passes, one lane):
 * about 20–40 ms per hash here, slow enough to make offline guessing costly, fast enough that a
 * burst of sign-ins does not exhaust the server. The parameters travel inside each hash, so raising
 * them later leaves old hashes verifiable.
 */
export const PASSWORD_HASH_OPTIONS: Options = {
  // No `algorithm`: the package defaults to argon2id, and its Algorithm enum is an ambient const
  // enum that isolated modules cannot read. password-hash.test.ts pins the `$argon2id$` prefix.
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** A malformed stored hash counts as a mismatch: the sign-in fails instead of answering 500. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * For an unknown user the password is still verified, against a hash of a random password made
 * with the same parameters, so the answer takes as long as for a real user and timing does not
 * reveal which e-mails have an account.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash(crypto.randomUUID(), PASSWORD_HASH_OPTIONS);
  await verify(await dummyHash, password);
  return false;
}
