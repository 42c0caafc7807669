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

  describe('business order: business-kyc, company-documents, saved path, home', () => {
    const business = (overrides: Parameters<typeof customerFixture>[0]) =>
      customerFixture({ customerType: 'business', businessName: 'Acme Ltd', ...overrides });

    it('business-kyc when KYC is needed, even without balance access', () => {
      const customer = business({ isNeedKyc: true, accessRights: AccessRight.UPLOADING });
      expect(resolvePostLoginRoute({ kind: 'customer', customer, savedPath: '/home' })).toEqual(route('business-kyc'));
    });

    it('company-documents without balance-info access (no rights, or uploading only)', () => {
      for (const accessRights of [AccessRight.NONE, AccessRight.UPLOADING]) {
        const customer = business({ accessRights });
        expect(resolvePostLoginRoute({ kind: 'customer', customer, savedPath: '/home' })).toEqual(
          route('company-documents'),
        );
      }
    });

    it('a business user ignores the personal rules (personal-info update)', () => {
      const customer = business({ isNeedPersonalInfoUpdate: true, accessRights: AccessRight.FULL });
      expect(resolvePostLoginRoute({ kind: 'customer', customer, savedPath: null })).toEqual(route('home'));
    });

    it('then the saved path, then home', () => {
      const customer = business({ accessRights: AccessRight.READ });
      expect(resolvePostLoginRoute({ kind: 'customer', customer, savedPath: '/home' })).toEqual({
        kind: 'path',
        path: '/home',
      });
      expect(resolvePostLoginRoute({ kind: 'customer', customer, savedPath: null })).toEqual(route('home'));
    });
  });

  it('maps routes without a screen yet to home, in one place', () => {
    expect(pathOfRoute('kyc')).toBe('/home');
    expect(pathOfRoute('profile-update')).toBe('/home');
    expect(pathOfRoute('business-kyc')).toBe('/home');
    expect(pathOfRoute('company-documents')).toBe('/home');
    expect(pathOfRoute('admin-overview')).toBe('/admin-overview');
    expect(pathOfRoute('terms')).toBe('/terms');
  });
});
