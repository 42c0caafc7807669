import { z } from 'zod';

/**
 * The client-side e-mail rule of spec 001 §5: valid when empty, or longer than 5 characters with an
 * at sign and a dot. The server is stricter: usernames must be real addresses (`usernameSchema`).
 */
export function isClientEmailAcceptable(value: string): boolean {
  if (value === '') return true;
  return value.length > 5 && value.includes('@') && value.includes('.');
}

export const MAX_EMAIL_LENGTH = 254;

export const emailSchema = z
  .string()
  .trim()
  .max(MAX_EMAIL_LENGTH)
  .pipe(z.email())
  .transform((value) => value.toLowerCase());
