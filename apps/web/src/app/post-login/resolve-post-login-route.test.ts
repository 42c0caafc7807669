import type { CustomerAccess } from '@app/shared/api/customers';
import { AccessRight } from '@app/shared/constants';
import { describe, expect, it } from 'vitest';
import { customerFixture } from '../../testing/fixtures';
import { pathOfRoute } from '../route-registry';
import { resolvePostLoginRoute } from './resolve-post-login-route';

const route = (name: string) => ({ kind: 'route', route: name });

describe('post-login routing (spec 000 §4 "After login")', () => {
  it('1. terms to accept come first', () => {
    expect(resolvePostLoginRoute({ kind: 'termsRequired', terms: [] })).toEqual(route('terms'));
  });

  it('2. an old-web user goes to the old web URL', () => {
    const customer = customerFixture({ useOldWeb: true, oldWebUrl: 'https://old.harbor.example/' });
    expect(resolvePostLoginRoute({ kind: 'customer', customer, savedPath: '/home' })).toEqual({
      kind: 'external',
      url: 'https://old.harbor.example/',
    });
  });

  it('2. …unless a customer id is being acted for', () => {
    const customer = customerFixture({ useOldWeb: true, oldWebUrl: 'https://old.harbor.example/' });
    expect(resolvePostLoginRoute({ kind: 'customer', customer, fromCustomerId: 42, savedPath: null })).toEqual(
      route('home'),
    );
  });

  it('3. admins go to admin-overview, before any personal rule', () => {
    const customer = customerFixture({ isAdmin: true, isNeedKyc: true, isNeedPersonalInfoUpdate: true });
    expect(resolvePostLoginRoute({ kind: 'customer', customer, savedPath: '/home' })).toEqual(route('admin-overview'));
  });

  it('3. an admin deep link into admin-overview keeps its search', () => {
    const customer = customerFixture({ isAdmin: true });
    expect(resolvePostLoginRoute({ kind: 'customer', customer, savedPath: '/admin-overview?q=ada' })).toEqual({
      kind: 'path',
      path: '/admin-overview?q=ada',
    });
    expect(resolvePostLoginRoute({ kind: 'customer', customer, savedPath: '/admin-overviewer' })).toEqual(
      route('admin-overview'),
    );
  });

  it('5. a personal user needing a personal-info update goes to profile-update (before KYC)', () => {
    const customer = customerFixture({ isNeedPersonalInfoUpdate: true, isNeedKyc: true });
    expect(resolvePostLoginRoute({ kind: 'customer', customer, savedPath: '/admin-overview' })).toEqual(
      route('profile-update'),
    );
  });

  it('6. a personal user needing KYC goes to kyc', () => {
    const customer = customerFixture({ isNeedKyc: true });
    expect(resolvePostLoginRoute({ kind: 'customer', customer, savedPath: '/admin-overview' })).toEqual(route('kyc'));
  });

  it('7. the saved initial path is restored', () => {
    expect(
      resolvePostLoginRoute({ kind: 'customer', customer: customerFixture(), savedPath: '/admin-overview?q=ada' }),
    ).toEqual({
      kind: 'path',
      path: '/admin-overview?q=ada',
    });
  });

  it('8. otherwise home', () => {
    expect(resolvePostLoginRoute({ kind: 'customer', customer: customerFixture(), savedPath: null })).toEqual(
      route('home'),
    );
  });

  describe('4. business users not yet acting for a chosen customer', () => {
    const business = (overrides: Parameters<typeof customerFixture>[0]) =>
      customerFixture({ customerType: 'business', businessName: 'Acme Ltd', customerId: 1001, ...overrides });
    const access = (customerId: number): CustomerAccess => ({
      customerId,
      displayName: `Company ${customerId}`,
      customerType: 'business',
      accessRights: AccessRight.FULL,
    });

    it('first asks for the customers the user may act for', () => {
      expect(resolvePostLoginRoute({ kind: 'customer', customer: business({}), savedPath: null })).toEqual({
        kind: 'loadCustomerAccesses',
      });
    });

    it('with related accounts: the chooser, or back to sign-in when there is none to choose', () => {
      const customer = business({ isHaveRelatedAccounts: true, isNeedKyc: true });
      expect(
        resolvePostLoginRoute({
          kind: 'customer',
          customer,
          savedPath: '/home',
          customerAccesses: [access(1001), access(1002)],
        }),
      ).toEqual(route('select-customer'));
      expect(resolvePostLoginRoute({ kind: 'customer', customer, savedPath: null, customerAccesses: [] })).toEqual({
        kind: 'signIn',
        reason: 'noCustomerAccess',
      });
    });

    it("without related accounts: on with the business order once the user's access loaded, else back to sign-in", () => {
      const customer = business({ accessRights: AccessRight.FULL });
      expect(
        resolvePostLoginRoute({ kind: 'customer', customer, savedPath: null, customerAccesses: [access(1001)] }),
      ).toEqual(route('home'));
      expect(
        resolvePostLoginRoute({ kind: 'customer', customer, savedPath: null, customerAccesses: [access(2002)] }),
      ).toEqual({ kind: 'signIn', reason: 'noCustomerAccess' });
    });

    it('is skipped once a customer is acted for (chosen, or fromCustomerId in the address)', () => {
      const customer = business({ isHaveRelatedAccounts: true });
      expect(resolvePostLoginRoute({ kind: 'customer', customer, fromCustomerId: 1001, savedPath: null })).toEqual(
        route('home'),
      );
    });

    it('comes after the old web and the admin rules', () => {
      const oldWeb = business({ useOldWeb: true, oldWebUrl: 'https://old.harbor.example/' });
      expect(resolvePostLoginRoute({ kind: 'customer', customer: oldWeb, savedPath: null })).toEqual({
        kind: 'external',
        url: 'https://old.harbor.example/',
      });
      const admin = business({ isAdmin: true });
      expect(resolvePostLoginRoute({ kind: 'customer', customer: admin, savedPath: null })).toEqual(
        route('admin-overview'),
      );
    });
  });

  describe('business order: business-kyc, company-documents, saved path, home', () => {
    const business = (overrides: Parameters<typeof customerFixture>[0]) =>
      customerFixture({ customerType: 'business', businessName: 'Acme Ltd', ...overrides });
    // Acting for the customer already (chosen, or the only one): rule 4 is behind.
    const acting = { fromCustomerId: 1001 };

    it('business-kyc when KYC is needed, even without balance access', () => {
      const customer = business({ isNeedKyc: true, accessRights: AccessRight.UPLOADING });
      expect(resolvePostLoginRoute({ kind: 'customer', customer, ...acting, savedPath: '/home' })).toEqual(
        route('business-kyc'),
      );
    });

    it('company-documents without balance-info access (no rights, or uploading only)', () => {
      for (const accessRights of [AccessRight.NONE, AccessRight.UPLOADING]) {
        const customer = business({ accessRights });
        expect(resolvePostLoginRoute({ kind: 'customer', customer, ...acting, savedPath: '/home' })).toEqual(
          route('company-documents'),
        );
      }
    });

    it('a business user ignores the personal rules (personal-info update)', () => {
      const customer = business({ isNeedPersonalInfoUpdate: true, accessRights: AccessRight.FULL });
      expect(resolvePostLoginRoute({ kind: 'customer', customer, ...acting, savedPath: null })).toEqual(route('home'));
    });

    it('then the saved path, then home', () => {
      const customer = business({ accessRights: AccessRight.READ });
      expect(resolvePostLoginRoute({ kind: 'customer', customer, ...acting, savedPath: '/home' })).toEqual({
        kind: 'path',
        path: '/home',
      });
      expect(resolvePostLoginRoute({ kind: 'customer', customer, ...acting, savedPath: null })).toEqual(route('home'));
    });
  });

  it('maps routes without a screen yet to home, in one place', () => {
    expect(pathOfRoute('kyc')).toBe('/kyc');
    expect(pathOfRoute('profile-update')).toBe('/profile-update');
    expect(pathOfRoute('business-kyc')).toBe('/home');
    expect(pathOfRoute('company-documents')).toBe('/home');
    expect(pathOfRoute('admin-overview')).toBe('/admin-overview');
    expect(pathOfRoute('terms')).toBe('/terms');
    expect(pathOfRoute('select-customer')).toBe('/select-customer');
    expect(pathOfRoute('scp')).toBe('/scp');
    expect(pathOfRoute('scp-mobile')).toBe('/scp-mobile');
  });
});
