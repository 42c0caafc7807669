/**
 * Badge colours for verification words, each carrying white text at ≥ 4.5:1 (Mantine's orange-9 is
 * only 4.3:1, so "not verified" uses a deeper orange). The word is always shown: colour only repeats it.
 */
export const VERIFICATION_BADGE_COLORS = {
  verified: 'teal.9',
  limited: 'red.9',
  unverified: '#b34a0b',
} as const;
