import { describe, expect, it } from 'vitest';
import { customerFixture } from '../testing/fixtures';
import { mainNavEntries, profileMenuEntries } from './navigation';

describe('main navigation', () => {
  it('lists the money areas: accounts (home), transfers and history', () => {
    expect(mainNavEntries(customerFixture()).map((entry) => entry.route)).toEqual(['home', 'transfer', 'history']);
    expect(mainNavEntries(undefined).map((entry) => entry.labelKey)).toEqual([
      'nav.accounts',
      'nav.transfers',
      'nav.history',
    ]);
  });

  it('adds the customers for administrators, and leaves money out when they act for no customer', () => {
    expect(mainNavEntries(customerFixture({ isAdmin: true })).map((entry) => entry.route)).toEqual([
      'home',
      'transfer',
      'history',
      'admin-overview',
    ]);
    expect(
      mainNavEntries(customerFixture({ isAdmin: true, customerId: undefined })).map((entry) => entry.route),
    ).toEqual(['home', 'admin-overview']);
  });

  it('offers the pre-approved payments in the profile menu', () => {
    const routes = profileMenuEntries({ customer: customerFixture(), areContractsEnabled: false }).map(
      (entry) => entry.route,
    );
    expect(routes).toContain('transfer/preapproved-payments');
  });
});
