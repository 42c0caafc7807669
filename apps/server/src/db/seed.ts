import type { CustomerType, Login2faMode } from '@app/shared/api/customers';
import { AccessRight } from '@app/shared/constants';
import { sql } from 'drizzle-orm';
import { seedDemoAccounts } from '../modules/accounts/accounts.seed';
import { hashPassword } from '../modules/auth/password-hash';
import { configureSignIn, type SignInConfiguration } from '../modules/auth/second-factors';
import * as customersRepository from '../modules/customers/customers.repository';
import { ensureDemoSsoClient } from '../modules/sso/sso.service';
import type { DataCipher } from '../platform/data-encryption';
import type { Database } from './client';
import type { TermsAudience } from './schema/customers';
import { seedDemoNews } from '../modules/news/news.seed';

/**
 * Demo data for development and tests (DESIGN.md §9). Idempotent: a demo user that exists is left
 * alone, so a restart keeps whatever was done with it. Argon2 is slow by design, so the password
 * is hashed at most once per run, and only when some user is missing.
 */
export const DEMO_PASSWORD = 'Demo-pass-2026';

export const DEMO_USERS = {
  personal: 'personal@demo.test',
  kyc: 'kyc@demo.test',
  update: 'update@demo.test',
  business: 'business@demo.test',
  admin: 'admin@demo.test',
} as const;

/**
 * Demo users of the second factors and the device rules (README "Demo sign-ins"). Each has a
 * verified personal customer; what differs is how they sign in.
 * - push: approves on a device linked with the device companion (/dev/device); until one is
 *   linked, the sign-in falls back to an e-mail code (verifyDevice).
 * - otp: DEMO_TOTP_SECRET in any authenticator app.
 * - sms: codes go to DEMO_SMS_PHONE, shown at /dev/outbox.
 * - deviceCheck: no second factor, but an unknown browser verifies itself with an e-mail code.
 * - softMigration / strictMigration: must enable a second factor (14 days left / now).
 */
export const DEMO_FACTOR_USERS = {
  push: 'push@demo.test',
  otp: 'otp@demo.test',
  sms: 'sms@demo.test',
  deviceCheck: 'new-device@demo.test',
  softMigration: 'migrate-soft@demo.test',
  strictMigration: 'migrate-strict@demo.test',
} as const;

/**
 * Approval of money-moving calls (spec 001 §4): push@ approves transfers on a linked device (1),
 * sms@ with an SMS code (2), otp@ with the authenticator (3); everyone else needs no approval (0).
 */
const DEMO_TRANSACTION_APPROVE_MODES: Partial<Record<string, number>> = {
  [DEMO_FACTOR_USERS.push]: 1,
  [DEMO_FACTOR_USERS.sms]: 2,
  [DEMO_FACTOR_USERS.otp]: 3,
};

/** A verified personal customer who has not accepted the terms yet: the first sign-in asks for them. */
export const DEMO_TERMS_USER = 'terms@demo.test';

/** Base32, 160 bits: add it to an authenticator app to sign in as otp@demo.test. */
export const DEMO_TOTP_SECRET = 'HARBORDEMOTOTPSECRETJBSWY3DPEHPK';
/** A number from the UK's range reserved for drama (07700 900xxx): it reaches nobody. */
export const DEMO_SMS_PHONE = '+447700900123';
const SOFT_MIGRATION_DAYS = 14;

/** Serialises concurrent seeds when several server processes start on one database. */
const SEED_LOCK_ID = 7_966_099;

const DEMO_TERMS: { audience: TermsAudience; code: string; title: string; url: string }[] = [
  {
    audience: 'personal',
    code: 'personal-terms',
    title: 'Terms and Conditions for Personal Accounts',
    url: '/legal/personal-terms/v1',
  },
  {
    audience: 'business',
    code: 'business-terms',
    title: 'Terms and Conditions for Business Accounts',
    url: '/legal/business-terms/v1',
  },
];

interface DemoCustomer {
  customerType: CustomerType;
  firstName?: string;
  lastName?: string;
  businessName?: string;
  birthDay?: string;
  taxId?: string;
  verified: boolean;
  isNeedKyc?: boolean;
  isNeedPersonalInfoUpdate?: boolean;
  permissions: string[];
}

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  /** The first is the user's default customer. */
  customers: DemoCustomer[];
  login2faMode?: Login2faMode;
  signIn?: Omit<SignInConfiguration, 'userId'>;
  /** Leaves the terms unaccepted, for the terms step of sign-in. */
  hasPendingTerms?: boolean;
}

function factorUser(
  email: string,
  names: { firstName: string; lastName: string },
  login2faMode: Login2faMode,
  signIn?: DemoUser['signIn'],
): DemoUser {
  return {
    email,
    ...names,
    isAdmin: false,
    login2faMode,
    signIn,
    customers: [{ customerType: 'personal', ...names, verified: true, permissions: [] }],
  };
}

const DEMO_USER_LIST: DemoUser[] = [
  {
    email: DEMO_USERS.personal,
    firstName: 'Alex',
    lastName: 'Morgan',
    isAdmin: false,
    customers: [
      {
        customerType: 'personal',
        firstName: 'Alex',
        lastName: 'Morgan',
        birthDay: '1988-04-12',
        taxId: 'GB-AM-448812',
        verified: true,
        permissions: [],
      },
    ],
  },
  {
    email: DEMO_USERS.kyc,
    firstName: 'Jamie',
    lastName: 'Rivera',
    isAdmin: false,
    customers: [
      {
        customerType: 'personal',
        firstName: 'Jamie',
        lastName: 'Rivera',
        birthDay: '1995-09-30',
        verified: false,
        isNeedKyc: true,
        permissions: [],
      },
    ],
  },
  {
    email: DEMO_USERS.update,
    firstName: 'Sam',
    lastName: 'Patel',
    isAdmin: false,
    customers: [
      {
        customerType: 'personal',
        firstName: 'Sam',
        lastName: 'Patel',
        birthDay: '1979-01-23',
        verified: true,
        isNeedPersonalInfoUpdate: true,
        permissions: [],
      },
    ],
  },
  {
    email: DEMO_USERS.business,
    firstName: 'Taylor',
    lastName: 'Brooks',
    isAdmin: false,
    customers: [
      {
        customerType: 'business',
        businessName: 'Northwind Trading Ltd',
        taxId: 'GB-09311274',
        verified: true,
        permissions: ['requestMoney'],
      },
      {
        customerType: 'business',
        businessName: 'Northwind Logistics Ltd',
        taxId: 'GB-11820455',
        verified: true,
        permissions: ['requestMoney', 'settlementAccount'],
      },
    ],
  },
  { email: DEMO_USERS.admin, firstName: 'Robin', lastName: 'Hayes', isAdmin: true, customers: [] },
  factorUser(DEMO_FACTOR_USERS.push, { firstName: 'Casey', lastName: 'Nguyen' }, 'push'),
  factorUser(DEMO_FACTOR_USERS.otp, { firstName: 'Jordan', lastName: 'Lee' }, 'otp', { totpSecret: DEMO_TOTP_SECRET }),
  factorUser(DEMO_FACTOR_USERS.sms, { firstName: 'Morgan', lastName: 'Diaz' }, 'sms', { smsPhone: DEMO_SMS_PHONE }),
  factorUser(DEMO_FACTOR_USERS.deviceCheck, { firstName: 'Riley', lastName: 'Kim' }, 'no', {
    isNewDeviceVerificationRequired: true,
  }),
  factorUser(DEMO_FACTOR_USERS.softMigration, { firstName: 'Avery', lastName: 'Shah' }, 'no', {
    migration: { req: 'soft', strat: 'enable', deadlineAt: new Date(Date.now() + SOFT_MIGRATION_DAYS * 86_400_000) },
  }),
  factorUser(DEMO_FACTOR_USERS.strictMigration, { firstName: 'Quinn', lastName: 'Baker' }, 'sms', {
    smsPhone: DEMO_SMS_PHONE,
    migration: { req: 'strict', strat: 'migrate', deadlineAt: null },
  }),
  { ...factorUser(DEMO_TERMS_USER, { firstName: 'Drew', lastName: 'Ellis' }, 'no'), hasPendingTerms: true },
];

export async function seedDemoData(db: Database, options: { brand: string; cipher: DataCipher }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const termsIdsByAudience = new Map<TermsAudience, number>();
    for (const terms of DEMO_TERMS) {
      termsIdsByAudience.set(terms.audience, await customersRepository.ensureTerms(tx, { ...terms, version: 1 }));
    }
    // The relying party of /dev/sso-partner, for trying single sign-on (README "Single sign-on").
    await ensureDemoSsoClient(tx);

    let passwordHash: string | undefined;
    for (const demoUser of DEMO_USER_LIST) {
      if ((await customersRepository.findUserByEmail(tx, { email: demoUser.email })) !== null) continue;
      passwordHash ??= await hashPassword(DEMO_PASSWORD);
      const user = await customersRepository.insertUser(tx, {
        email: demoUser.email,
        passwordHash,
        firstName: demoUser.firstName,
        lastName: demoUser.lastName,
        isAdmin: demoUser.isAdmin,
        login2faMode: demoUser.login2faMode,
        transactionApproveMode: DEMO_TRANSACTION_APPROVE_MODES[demoUser.email] ?? 0,
      });
      if (demoUser.signIn !== undefined) {
        await configureSignIn(tx, options.cipher, { userId: user.id, ...demoUser.signIn });
      }
      const acceptedTermsIds = new Set<number>();
      for (const [index, { permissions, ...customer }] of demoUser.customers.entries()) {
        const created = await customersRepository.insertCustomer(tx, { ...customer, brand: options.brand });
        await customersRepository.insertCustomerAccess(tx, {
          userId: user.id,
          customerId: created.id,
          accessRights: AccessRight.FULL,
          permissions,
          isDefault: index === 0,
        });
        const termsId = termsIdsByAudience.get(customer.customerType);
        if (termsId !== undefined) acceptedTermsIds.add(termsId);
      }
      if (demoUser.hasPendingTerms !== true) {
        await customersRepository.insertTermsAcceptances(tx, {
          userId: user.id,
          termsIds: [...acceptedTermsIds],
          ip: null,
        });
      }
    }
    // Accounts and opening balances, booked as incoming bank transfers (README "Demo sign-ins").
    await seedDemoAccounts(tx, {
      customerIdsOf: async (email) => {
        const user = await customersRepository.findUserByEmail(tx, { email });
        if (user === null) return [];
        const accesses = await customersRepository.findCustomerAccesses(tx, { userId: user.id, limit: 10 });
        return accesses.map((access) => access.customer.id);
      },
    });
    await seedDemoNews(tx);
  });
}
