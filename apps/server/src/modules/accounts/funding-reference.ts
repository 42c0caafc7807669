import { randomInt } from 'node:crypto';

/**
 * Funding references: what a payer quotes on a bank transfer so that the money finds its customer.
 * Eight random characters from an alphabet without look-alikes (no I, O, 0, 1) and two ISO 7064
 * MOD 97-10 check digits. Each character counts as a two-digit number (its alphabet index + 10), so
 * a single mistyped character, or two neighbours swapped, always changes the remainder: a typo
 * lands in suspense, never with another customer.
 */

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const BODY_LENGTH = 8;
export const FUNDING_REFERENCE_LENGTH = BODY_LENGTH + 2;
const REFERENCE_PATTERN = new RegExp(`^[${ALPHABET}]{${BODY_LENGTH}}\\d{2}$`);

/** The body as digits, two per character: every substitution moves exactly one two-digit block. */
function digitsOf(body: string): string {
  let digits = '';
  for (let index = 0; index < body.length; index += 1) digits += String(ALPHABET.indexOf(body.charAt(index)) + 10);
  return digits;
}

function mod97(digits: string): number {
  let remainder = 0;
  for (let index = 0; index < digits.length; index += 1) {
    remainder = (remainder * 10 + Number(digits.charAt(index))) % 97;
  }
  return remainder;
}

function checkDigitsOf(body: string): string {
  return String(98 - mod97(`${digitsOf(body)}00`)).padStart(2, '0');
}

export function generateFundingReference(): string {
  let body = '';
  for (let index = 0; index < BODY_LENGTH; index += 1) body += ALPHABET.charAt(randomInt(ALPHABET.length));
  return body + checkDigitsOf(body);
}

export function isValidFundingReference(reference: string): boolean {
  if (!REFERENCE_PATTERN.test(reference)) return false;
  return mod97(digitsOf(reference.slice(0, BODY_LENGTH)) + reference.slice(BODY_LENGTH)) === 1;
}

/** The most candidates one remittance text yields; the rail limits the text, this limits the lookup. */
const MAX_CANDIDATES = 32;

/**
 * The valid funding references in what a payer typed, as banks match remittance text: case,
 * spaces and punctuation are ignored ("Ref: k7mx-2qpa 58, thanks" finds K7MX2QPA58). Several may
 * be valid by chance; the caller takes the first one that was issued to a customer.
 */
export function fundingReferenceCandidates(remittanceText: string): string[] {
  const candidates = new Set<string>();
  const upper = remittanceText.toUpperCase();
  for (const token of upper.split(/[^A-Z0-9]+/)) {
    if (isValidFundingReference(token)) candidates.add(token);
  }
  // The reference split by spaces or dashes: every window of the letters and digits.
  const compact = upper.replace(/[^A-Z0-9]/g, '');
  for (let start = 0; start + FUNDING_REFERENCE_LENGTH <= compact.length; start += 1) {
    if (candidates.size >= MAX_CANDIDATES) break;
    const candidate = compact.slice(start, start + FUNDING_REFERENCE_LENGTH);
    if (isValidFundingReference(candidate)) candidates.add(candidate);
  }
  return [...candidates].slice(0, MAX_CANDIDATES);
}
