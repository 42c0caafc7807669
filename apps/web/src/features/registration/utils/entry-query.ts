/**
 * Query-driven behaviours on entry (spec 000 §2): `action=activation|activationEmployee|activationBusiness`
 * triggers account activation and `emailConfirmation=success|fail` shows the e-mail confirmation popup.
 * Mail links open `/activate` directly; a link to the root with these queries is forwarded there too,
 * so the root's redirect to sign-in never loses them.
 */
export const ACTIVATION_ACTIONS = ['activation', 'activationEmployee', 'activationBusiness'] as const;
export type ActivationAction = (typeof ACTIVATION_ACTIONS)[number];

export function activationActionOf(value: string | null): ActivationAction | undefined {
  return (ACTIVATION_ACTIONS as readonly (string | null)[]).includes(value) ? (value as ActivationAction) : undefined;
}

export type EmailConfirmationOutcome = 'success' | 'fail';

export function emailConfirmationOf(value: string | null): EmailConfirmationOutcome | undefined {
  return value === 'success' || value === 'fail' ? value : undefined;
}

const ACTIVATE_PATH = '/activate';
const SIGN_IN_PATH = '/login';

/** Where an entry to the root goes: the activation screen with the query, or sign-in. */
export function entryPathOf(url: URL): string {
  const hasEntryAction =
    activationActionOf(url.searchParams.get('action')) !== undefined ||
    emailConfirmationOf(url.searchParams.get('emailConfirmation')) !== undefined;
  return hasEntryAction ? `${ACTIVATE_PATH}${url.search}` : SIGN_IN_PATH;
}

/**
 * Activation is for guests: opening an activation ends any session in this tab (spec 000 §2 guest-only
 * screens). Showing the outcome of an e-mail confirmation does not: a signed-in customer may have
 * confirmed an address of their own.
 */
export function isGuestOnlyActivateVisit(url: URL): boolean {
  return emailConfirmationOf(url.searchParams.get('emailConfirmation')) === undefined;
}
