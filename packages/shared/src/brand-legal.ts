/**
 * The legal identity of each brand, as documents the server issues print it (account-confirmation
 * letters, statements): the issuing institution, its address and the regulator footer. The web's
 * brand configs (apps/web/src/brands/<id>/config.ts, `accountConfirmationLetter`) hold the same
 * texts for screens; a test keeps the two in step.
 */
export interface BrandLegal {
  /** The brand's name as customers know it. */
  brandName: string;
  issuerName: string;
  /** Postal address, one line per entry. */
  address: readonly string[];
  regulatorFooter: string;
  supportEmail: string;
  supportPhone: string;
  /** The brand's primary colour for document headers (a shade that keeps 4.5:1 on white). */
  accentColor: string;
}

export const BRAND_LEGAL = {
  harbor: {
    brandName: 'Harbor',
    issuerName: 'Harbor Payments Ltd',
    address: ['1 Quay Street', 'Portsmouth PO1 3AA', 'United Kingdom'],
    regulatorFooter:
      'Harbor Payments Ltd is a fictional electronic money institution used for demonstration. Registered in England and Wales, company no. 00000001.',
    supportEmail: 'support@harbor.example',
    supportPhone: '+44 20 7946 0001',
    accentColor: '#0e6cb0',
  },
  lumen: {
    brandName: 'Lumen',
    issuerName: 'Lumen Money S.L.',
    address: ['Calle de la Luz 12', '28013 Madrid', 'Spain'],
    regulatorFooter:
      'Lumen Money S.L. is a fictional payment institution used for demonstration. Registered in Madrid, CIF X00000002.',
    supportEmail: 'support@lumen.example',
    supportPhone: '+34 910 000 002',
    accentColor: '#8645d1',
  },
  cobalt: {
    brandName: 'Cobalt',
    issuerName: 'Cobalt Financial UAB',
    address: ['Gedimino pr. 1', 'LT-01103 Vilnius', 'Lithuania'],
    regulatorFooter:
      'Cobalt Financial UAB is a fictional electronic money institution used for demonstration. Company code 000000003.',
    supportEmail: 'support@cobalt.example',
    supportPhone: '+370 5 000 0003',
    accentColor: '#2e5de1',
  },
  fjord: {
    brandName: 'Fjord',
    issuerName: 'Fjord Pay AS',
    address: ['Bryggen 4', '5003 Bergen', 'Norway'],
    regulatorFooter: 'Fjord Pay AS is a fictional payment institution used for demonstration. Org. no. 000 000 004.',
    supportEmail: 'support@fjord.example',
    supportPhone: '+47 55 00 00 04',
    accentColor: '#157662',
  },
  saffron: {
    brandName: 'Saffron',
    issuerName: 'Saffron Wallet Lda',
    address: ['Rua das Especiarias 5', '1100-001 Lisboa', 'Portugal'],
    regulatorFooter: 'Saffron Wallet Lda is a fictional payment institution used for demonstration. NIPC 000000005.',
    supportEmail: 'support@saffron.example',
    supportPhone: '+351 210 000 005',
    accentColor: '#a55109',
  },
  tidewater: {
    brandName: 'Tidewater',
    issuerName: 'Tidewater Finance SRL',
    address: ['Strada Portului 7', '900001 Constanța', 'Romania'],
    regulatorFooter:
      'Tidewater Finance SRL is a fictional electronic money institution used for demonstration. Registered under no. J00/0000/0006.',
    supportEmail: 'support@tidewater.example',
    supportPhone: '+40 21 000 0006',
    accentColor: '#c7234c',
  },
} as const satisfies Record<string, BrandLegal>;

export type LegalBrandId = keyof typeof BRAND_LEGAL;

export function isLegalBrandId(brand: string): brand is LegalBrandId {
  return Object.hasOwn(BRAND_LEGAL, brand);
}

/** The brand's legal identity; an unknown brand is a configuration error, never a guess. */
export function brandLegalOf(brand: string): BrandLegal {
  if (!isLegalBrandId(brand)) throw new Error(`Unknown brand "${brand}": no legal details for its documents`);
  return BRAND_LEGAL[brand];
}
