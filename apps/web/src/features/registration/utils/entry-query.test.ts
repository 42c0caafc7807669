import { describe, expect, it } from 'vitest';
import { activationActionOf, emailConfirmationOf, entryPathOf, isGuestOnlyActivateVisit } from './entry-query';

describe('entry query', () => {
  it('forwards activation links and e-mail confirmations from the root to /activate, query kept', () => {
    expect(entryPathOf(new URL('https://x.example/?action=activation&username=a%40b.c&activationCode=123456'))).toBe(
      '/activate?action=activation&username=a%40b.c&activationCode=123456',
    );
    expect(entryPathOf(new URL('https://x.example/?emailConfirmation=fail'))).toBe('/activate?emailConfirmation=fail');
  });

  it('sends every other entry to sign-in', () => {
    expect(entryPathOf(new URL('https://x.example/'))).toBe('/login');
    expect(entryPathOf(new URL('https://x.example/?action=somethingElse'))).toBe('/login');
    expect(entryPathOf(new URL('https://x.example/?emailConfirmation=maybe'))).toBe('/login');
  });

  it('knows the spec’s three activation actions and two confirmation outcomes only', () => {
    expect(activationActionOf('activationBusiness')).toBe('activationBusiness');
    expect(activationActionOf('activationemployee')).toBeUndefined();
    expect(activationActionOf(null)).toBeUndefined();
    expect(emailConfirmationOf('success')).toBe('success');
    expect(emailConfirmationOf('')).toBeUndefined();
  });

  it('treats activation as guest-only, but not the e-mail confirmation outcome', () => {
    expect(isGuestOnlyActivateVisit(new URL('https://x.example/activate?action=activation'))).toBe(true);
    expect(isGuestOnlyActivateVisit(new URL('https://x.example/activate'))).toBe(true);
    expect(isGuestOnlyActivateVisit(new URL('https://x.example/activate?emailConfirmation=success'))).toBe(false);
  });
});
