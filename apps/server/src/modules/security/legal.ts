import type { Agreement } from '@app/shared/api/security';
import { brandLegalOf } from '@app/shared/brand-legal';
import type { Language } from '@app/shared/constants';
import type { Database } from '../../db/client';
import { errors } from '../../platform/errors';
import { acceptedAgreementOf, acceptedAgreementsOf } from '../customers/customers.service';
import { renderAgreementRecord } from './agreement-pdf';

/**
 * The legal page (spec 001 §2 "legal", §7 "legal info; agreement download by id (PDF)"): the
 * brand's legal identity and the agreements the user accepted, each downloadable as a branded PDF
 * record of the acceptance. Only the user's own acceptances are listed or printed.
 */

export async function legalInfoOf(db: Database, params: { userId: number; brand: string }) {
  const legal = brandLegalOf(params.brand);
  const rows = await acceptedAgreementsOf(db, { userId: params.userId });
  const items: Agreement[] = rows.map((row) => ({
    id: row.id,
    title: row.title,
    version: row.version,
    url: row.url,
    acceptedAt: row.acceptedAt.toISOString(),
  }));
  return {
    brandName: legal.brandName,
    issuerName: legal.issuerName,
    address: [...legal.address],
    regulatorFooter: legal.regulatorFooter,
    supportEmail: legal.supportEmail,
    supportPhone: legal.supportPhone,
    items,
  };
}

export async function agreementPdfOf(
  db: Database,
  params: { userId: number; agreementId: number; holderName: string; brand: string; language: Language },
): Promise<{ doc: PDFKit.PDFDocument; fileName: string }> {
  const row = await acceptedAgreementOf(db, params);
  // Another user's agreement and one that does not exist answer alike.
  if (row === null) throw errors.noAccess();
  return {
    doc: renderAgreementRecord(brandLegalOf(params.brand), row, params.holderName, new Date(), params.language),
    fileName: `agreement-${row.id}-v${row.version}.pdf`,
  };
}
