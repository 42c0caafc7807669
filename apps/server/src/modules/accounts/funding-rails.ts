import assert from 'node:assert/strict';
import type { FundingRail, PaymentInstruction } from '@app/shared/api/accounts';
import { AccountType } from '@app/shared/accounts';
import { composeIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * The bank details customers fund their accounts with: per currency, the rail it arrives by and
 * the brand's pooled account on it. These are the sandbox bank's (DESIGN.md §1): the incoming rail
 * adapter of this build reports transfers through /dev/sandbox, and `isSandbox` makes the UI say so.
 * A production adapter replaces this table with the details of the safeguarding accounts.
 */

export type InstructionDetails = Omit<
  PaymentInstruction,
  'instructionId' | 'accountId' | 'currencyCode' | 'isViewed' | 'reference' | 'beneficiaryName'
>;

/** The check digits are computed, not typed: a wrong one would send payers' banks into a reject. */
function sandboxIban(countryCode: string, bban: string): string {
  const iban = composeIBAN({ countryCode, bban });
  assert.ok(iban !== null && isValidIBAN(iban), `sandbox IBAN for ${countryCode} is not valid`);
  return friendlyFormatIBAN(iban) ?? iban;
}

function sandboxBic(bic: string): string {
  assert.ok(isValidBIC(bic), `sandbox BIC ${bic} is not valid`);
  return bic;
}

/** ABA routing numbers carry a 3-7-1 weighted check digit. */
export function isValidAbaRoutingNumber(routingNumber: string): boolean {
  if (!/^\d{9}$/.test(routingNumber)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  let sum = 0;
  for (let index = 0; index < routingNumber.length; index += 1) {
    sum += Number(routingNumber.charAt(index)) * (weights[index] ?? 0);
  }
  return sum % 10 === 0;
}

function sandboxRoutingNumber(routingNumber: string): string {
  assert.ok(isValidAbaRoutingNumber(routingNumber), `sandbox routing number ${routingNumber} is not valid`);
  return routingNumber;
}

const RAIL_DETAILS: Readonly<Record<string, InstructionDetails>> = {
  GBP: {
    rail: 'fasterPayments',
    isSandbox: true,
    bankName: 'Sandbox Bank UK',
    bankAddress: '1 Sandbox Street, London EC2A 1AA, United Kingdom',
    bankCountryCode: 'GB',
    sortCode: '04-00-75',
    accountNumber: '20481736',
  },
  EUR: {
    rail: 'sepa',
    isSandbox: true,
    bankName: 'Sandbox Bank Europe UAB',
    bankAddress: 'Sandbox g. 1, LT-01100 Vilnius, Lithuania',
    bankCountryCode: 'LT',
    iban: sandboxIban('LT', '3250000012345678'),
    bic: sandboxBic('SBXALT2X'),
  },
  USD: {
    rail: 'ach',
    isSandbox: true,
    bankName: 'Sandbox Bank N.A.',
    bankAddress: '100 Sandbox Avenue, New York, NY 10004, United States',
    bankCountryCode: 'US',
    routingNumber: sandboxRoutingNumber('011000015'),
    accountNumber: '8720113946',
    accountType: 'checking',
  },
  CAD: {
    rail: 'eft',
    isSandbox: true,
    bankName: 'Sandbox Bank of Canada',
    bankAddress: '200 Sandbox Street, Toronto, ON M5H 2N2, Canada',
    bankCountryCode: 'CA',
    institutionNumber: '621',
    transitNumber: '16001',
    accountNumber: '2004187',
  },
  AUD: {
    rail: 'auBankTransfer',
    isSandbox: true,
    bankName: 'Sandbox Bank Australia',
    bankAddress: '1 Sandbox Place, Sydney NSW 2000, Australia',
    bankCountryCode: 'AU',
    bsbCode: '802-985',
    accountNumber: '412067913',
  },
  RON: {
    rail: 'roBankTransfer',
    isSandbox: true,
    bankName: 'Sandbox Bank România',
    bankAddress: 'Strada Sandbox 1, 010011 București, Romania',
    bankCountryCode: 'RO',
    iban: sandboxIban('RO', 'SBXR0000001234567890'),
    bic: sandboxBic('SBXRROBU'),
  },
};

/** The account types customers fund by bank transfer. */
const FUNDED_ACCOUNT_TYPES: readonly number[] = [AccountType.PAYMENT, AccountType.RECEIVING];

/** The rail an account of this type and currency is funded by, or undefined when it has none. */
export function fundingRailOf(params: { typeId: number; currency: string }): FundingRail | undefined {
  if (!FUNDED_ACCOUNT_TYPES.includes(params.typeId)) return undefined;
  return RAIL_DETAILS[params.currency]?.rail;
}

export function railDetailsOf(currency: string): InstructionDetails | undefined {
  return RAIL_DETAILS[currency];
}
