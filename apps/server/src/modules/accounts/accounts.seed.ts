import { AccountType } from '@app/shared/accounts';
import { parseAmount } from '@app/shared/money';
import type { Database } from '../../db/client';
import { ensureFundingReference, findOpenAccount, openCustomerAccount } from './accounts.service';
import {
  hasIncomingTransfers,
  receiveIncomingTransfer,
  SANDBOX_RAIL,
  settleIncomingTransfer,
} from './incoming-transfers.service';

/**
 * Demo accounts and balances (DESIGN.md §9). Money is booked the way real money arrives: an
 * incoming bank transfer quoting the customer's funding reference, settled through the ledger.
 * Idempotent: an account that exists is kept, and one that has received a transfer gets no more.
 */

interface DemoAccount {
  typeId: number;
  currency: string;
  /** The opening deposit; none for an account that starts empty. */
  deposit?: { amount: string; payerName: string };
}

/** By demo e-mail: the accounts of each of the user's customers, default customer first. */
export const DEMO_ACCOUNT_PLANS: Readonly<Record<string, readonly (readonly DemoAccount[])[]>> = {
  'personal@demo.test': [
    [
      { typeId: AccountType.PAYMENT, currency: 'USD', deposit: { amount: '2500.00', payerName: 'Acme Payroll Inc' } },
      { typeId: AccountType.PAYMENT, currency: 'EUR', deposit: { amount: '1200.00', payerName: 'Alex Morgan' } },
      { typeId: AccountType.PAYMENT, currency: 'GBP', deposit: { amount: '800.00', payerName: 'Alex Morgan' } },
    ],
  ],
  'business@demo.test': [
    [
      {
        typeId: AccountType.PAYMENT,
        currency: 'USD',
        deposit: { amount: '15000.00', payerName: 'Contoso Retail LLC' },
      },
      { typeId: AccountType.PAYMENT, currency: 'EUR', deposit: { amount: '8000.00', payerName: 'Fabrikam GmbH' } },
      { typeId: AccountType.RECEIVING, currency: 'USD' },
    ],
    [
      {
        typeId: AccountType.PAYMENT,
        currency: 'USD',
        deposit: { amount: '5000.00', payerName: 'Northwind Trading Ltd' },
      },
    ],
  ],
  'push@demo.test': [
    [{ typeId: AccountType.PAYMENT, currency: 'USD', deposit: { amount: '500.00', payerName: 'Casey Nguyen' } }],
  ],
  'otp@demo.test': [
    [{ typeId: AccountType.PAYMENT, currency: 'USD', deposit: { amount: '500.00', payerName: 'Jordan Lee' } }],
  ],
  'sms@demo.test': [
    [{ typeId: AccountType.PAYMENT, currency: 'USD', deposit: { amount: '500.00', payerName: 'Morgan Diaz' } }],
  ],
};

/**
 * Opens the demo accounts and books their opening deposits. `customerIdsOf` gives the customers a
 * demo user acts for, default first (the seed owns users and customers).
 */
export async function seedDemoAccounts(
  db: Database,
  options: { customerIdsOf: (email: string) => Promise<number[]>; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  for (const [email, plans] of Object.entries(DEMO_ACCOUNT_PLANS)) {
    const customerIds = await options.customerIdsOf(email);
    for (const [index, plan] of plans.entries()) {
      const customerId = customerIds[index];
      if (customerId === undefined) continue;
      for (const demo of plan) {
        const account =
          (await findOpenAccount(db, { customerId, typeId: demo.typeId, currency: demo.currency })) ??
          (await openCustomerAccount(db, { customerId, typeId: demo.typeId, currency: demo.currency }));
        if (demo.deposit === undefined || (await hasIncomingTransfers(db, { accountId: account.accountId }))) continue;
        const reference = await ensureFundingReference(db, { customerId });
        const { transfer } = await receiveIncomingTransfer(db, {
          rail: SANDBOX_RAIL,
          railReference: `SEED-${account.accountId}`,
          reference,
          payerName: demo.deposit.payerName,
          amountMinor: parseAmount(demo.deposit.amount, demo.currency),
          currency: demo.currency,
          settleAt: now,
          now,
        });
        // The seed does not wait for the job runner: it settles now, through the same service.
        await settleIncomingTransfer(db, { incomingTransferId: transfer.id, now });
      }
    }
  }
}
