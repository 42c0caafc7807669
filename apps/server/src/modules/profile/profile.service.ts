import { confirmationOf, DocumentStatus, type UploadedDocument } from '@app/shared/api/documents';
import {
  MAX_OPEN_ADDRESSES,
  type AddressDocumentsData,
  type ContactAddressStatus,
  type CustomerAddress,
  addressInputSchema,
} from '@app/shared/api/profile';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { errors } from '../../platform/errors';
import type { StoredUpload } from '../../platform/uploads';
import { lockCustomer, setCustomerTaxId } from '../customers/customers.service';
import { addressDocumentsOf, createDocuments } from '../documents/documents.service';
import * as repository from './profile.repository';

/**
 * Rules of the profile domain: addresses and what other domains need to know about the customer's
 * contact facts. Phones and e-mails live in phones.service.ts and emails.service.ts.
 */

export interface ContactFacts {
  hasUnconfirmedPhone: boolean;
  addressStatus: ContactAddressStatus;
}

/** The registered (home) address is the one verification looks at (spec 000 §4 "address problem"). */
const REGISTERED_ADDRESS_STATUS = 1;

/**
 * What the verification status needs from the profile (spec 000 §4): whether a phone awaits its
 * code, and where the proof of the registered address stands.
 */
export async function contactFactsOf(db: Database, params: { customerId: number }): Promise<ContactFacts> {
  const [phones, addresses, documents] = await Promise.all([
    repository.findPhones(db, params),
    repository.findOpenAddresses(db, params),
    addressDocumentsOf(db, params),
  ]);
  const active = addresses.find(
    (address) => address.lifecycle === 'active' && address.addressStatus === REGISTERED_ADDRESS_STATUS,
  );
  // Without an address row, proof uploaded from the KYC screen (no address id) stands for it.
  const proof = documents.filter((document) =>
    active === undefined ? document.addressId === undefined : document.addressId === active.id,
  );
  return {
    hasUnconfirmedPhone: phones.some((phone) => phone.status === 'unconfirmed'),
    addressStatus: active === undefined && proof.length === 0 ? 'none' : addressStatusOf(proof),
  };
}

function isOutOfDate(document: UploadedDocument, today: string): boolean {
  return (
    document.statusId === DocumentStatus.expired || (document.expiresDate !== undefined && document.expiresDate < today)
  );
}

/** The newest document of each role: a re-submission supersedes what it replaces. */
function latestPerRole(documents: readonly UploadedDocument[]): UploadedDocument[] {
  const latest = new Map<string, UploadedDocument>();
  for (const document of documents) {
    const seen = latest.get(document.role);
    if (seen === undefined || seen.id < document.id) latest.set(document.role, document);
  }
  return [...latest.values()];
}

/**
 * Spec 001 §4: satisfied when every document is confirmed (2), pending while they wait for review;
 * a rejected one is rejected; name mismatch, expiry or no main proof at all is a problem to act on.
 */
export function addressStatusOf(documents: readonly UploadedDocument[], now: Date = new Date()): ContactAddressStatus {
  const current = latestPerRole(documents);
  const today = now.toISOString().slice(0, 10);
  if (!current.some((document) => document.role === 'main')) return 'problem';
  if (current.some((document) => document.statusId === DocumentStatus.rejected)) return 'rejected';
  if (current.some((document) => document.statusId === DocumentStatus.nameMismatch || isOutOfDate(document, today))) {
    return 'problem';
  }
  if (current.every((document) => document.statusId === DocumentStatus.confirmed)) return 'confirmed';
  return 'pending';
}

function addressViewOf(row: repository.AddressRow, documents: readonly UploadedDocument[]): CustomerAddress {
  const own = documents.filter((document) => document.addressId === row.id);
  const main = latestPerRole(own).find((document) => document.role === 'main');
  const today = new Date().toISOString().slice(0, 10);
  return {
    addressId: row.id,
    address1: row.address1,
    address2: row.address2 ?? undefined,
    city: row.city,
    postalCode: row.postalCode,
    countryCode: row.countryCode,
    addressStatus: row.addressStatus,
    stateCode: row.stateCode ?? undefined,
    stateName: row.stateName ?? undefined,
    confirmed: row.lifecycle === 'draft' ? 0 : confirmationOf(main?.statusId),
    lifecycle: row.lifecycle,
    replacesAddressId: row.replacesAddressId ?? undefined,
    uploadedDocuments: own,
    isDocumentOutOfDate: main !== undefined && isOutOfDate(main, today),
    // No card products exist yet, so no address needs the card document.
    isCardDocumentRequired: false,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function addressViews(db: Database, params: { customerId: number }): Promise<CustomerAddress[]> {
  const [rows, documents] = await Promise.all([
    repository.findOpenAddresses(db, params),
    addressDocumentsOf(db, params),
  ]);
  return rows.map((row) => addressViewOf(row, documents));
}

async function addressView(db: Database, params: { customerId: number; addressId: number }): Promise<CustomerAddress> {
  const row = await repository.findAddress(db, params);
  if (row === null) throw new Error(`address ${params.addressId} vanished inside its own transaction`);
  const documents = await addressDocumentsOf(db, { customerId: params.customerId });
  return addressViewOf(row, documents);
}

export type AddressInput = z.output<typeof addressInputSchema>;

interface Actor {
  customerId: number;
  userId: number;
  ip: string | null;
}

function valuesOf(input: AddressInput) {
  return {
    address1: input.address1,
    address2: input.address2 === '' ? null : (input.address2 ?? null),
    city: input.city,
    postalCode: input.postalCode.toUpperCase(),
    countryCode: input.countryCode,
    stateCode: input.stateCode ?? null,
    stateName: input.stateName === '' ? null : (input.stateName ?? null),
    addressStatus: input.addressStatus,
  };
}

function notYours(): Error {
  return errors.noAccess('This address does not exist or is not yours.');
}

/** A new address of a kind the customer has none of in use; it stays a draft until confirmed. */
export function createAddress(db: Database, params: Actor & { input: AddressInput }): Promise<CustomerAddress> {
  return db.transaction(async (tx) => {
    if (!(await lockCustomer(tx, params))) throw errors.noAccess();
    const open = await repository.findOpenAddresses(tx, params);
    if (open.length >= MAX_OPEN_ADDRESSES) throw errors.invalidParams('Finish or delete the addresses in draft first.');
    const sameKind = open.filter((address) => address.addressStatus === params.input.addressStatus);
    if (sameKind.some((address) => address.lifecycle === 'active')) {
      throw errors.invalidParams('You already have this address. Replace it instead.');
    }
    if (sameKind.some((address) => address.lifecycle === 'draft')) {
      throw errors.invalidParams('You have a new address in draft. Confirm or delete it first.');
    }
    const row = await repository.insertAddress(tx, {
      ...valuesOf(params.input),
      customerId: params.customerId,
      createdByUserId: params.userId,
    });
    return addressView(tx, { customerId: params.customerId, addressId: row.id });
  });
}

/**
 * What replacing the address would do to the customer's cards (spec 000 §7): cards to cancel and
 * cards to ship to the old address. There is no cards domain yet, so both lists are empty; the
 * shape is the one the cards domain will fill by asking for the cards delivered to the address.
 */
export async function replaceCheck(
  db: Database,
  params: { customerId: number; oldAddressId: number; countryCode: string },
): Promise<{ cardsToBeCancelled: never[]; cardsToBeShippedToOldAddress: never[] }> {
  const old = await repository.findAddress(db, { customerId: params.customerId, addressId: params.oldAddressId });
  if (old === null) throw notYours();
  if (old.lifecycle !== 'active') throw errors.invalidParams('Only an address in use can be replaced.');
  return { cardsToBeCancelled: [], cardsToBeShippedToOldAddress: [] };
}

/** A draft that takes over from an address in use once confirmed. */
export function replaceAddress(
  db: Database,
  params: Actor & { oldAddressId: number; input: AddressInput },
): Promise<CustomerAddress> {
  return db.transaction(async (tx) => {
    if (!(await lockCustomer(tx, params))) throw errors.noAccess();
    const old = await repository.lockAddress(tx, { customerId: params.customerId, addressId: params.oldAddressId });
    if (old === null) throw notYours();
    if (old.lifecycle !== 'active') throw errors.invalidParams('Only an address in use can be replaced.');
    if (old.addressStatus !== params.input.addressStatus) {
      throw errors.validation([{ field: 'addressStatus', message: 'A replacement is the same kind of address.' }]);
    }
    const open = await repository.findOpenAddresses(tx, params);
    if (open.some((address) => address.lifecycle === 'draft' && address.addressStatus === old.addressStatus)) {
      throw errors.invalidParams('You have a new address in draft. Confirm or delete it first.');
    }
    const row = await repository.insertAddress(tx, {
      ...valuesOf(params.input),
      customerId: params.customerId,
      createdByUserId: params.userId,
      replacesAddressId: old.id,
    });
    return addressView(tx, { customerId: params.customerId, addressId: row.id });
  });
}

/**
 * Records the uploaded proof of an address (spec 001 §7 multipart). A draft takes documents; an
 * address in use takes them again only when its proof was rejected or went out of date
 * (re-submission). The files are already stored; the caller discards them if this throws.
 */
export function attachAddressDocuments(
  db: Database,
  params: Actor & {
    data: AddressDocumentsData;
    files: { role: 'main' | 'additional' | 'relationship'; upload: StoredUpload }[];
  },
): Promise<CustomerAddress> {
  return db.transaction(async (tx) => {
    const address = await repository.lockAddress(tx, {
      customerId: params.customerId,
      addressId: params.data.addressId,
    });
    if (address === null) throw notYours();
    if (address.lifecycle === 'active') {
      const documents = await addressDocumentsOf(tx, { customerId: params.customerId });
      const status = addressStatusOf(documents.filter((document) => document.addressId === address.id));
      if (status !== 'rejected' && status !== 'problem') {
        throw errors.invalidParams('The documents of this address are already under review or confirmed.');
      }
    } else if (address.lifecycle !== 'draft') {
      throw errors.invalidParams('This address is no longer in use.');
    }
    const hasRelationship = params.files.some((file) => file.role === 'relationship');
    if (hasRelationship && params.data.relationshipDocumentType === undefined) {
      throw errors.validation([
        { field: 'relationshipDocumentType', message: 'Choose the relationship document type.' },
      ]);
    }
    await createDocuments(tx, {
      customerId: params.customerId,
      uploadedByUserId: params.userId,
      kind: 'address',
      addressId: address.id,
      documentTypeId: params.data.documentType,
      files: params.files.map((file) => ({ ...file.upload, role: file.role })),
    });
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: params.customerId,
      action: 'profile.addressDocumentsUploaded',
      details: { addressId: address.id, roles: params.files.map((file) => file.role) },
      ip: params.ip,
    });
    return addressView(tx, { customerId: params.customerId, addressId: address.id });
  });
}

/** Submits a draft with its proof: it comes into use, and an address it replaces is retired. */
export function confirmAddress(db: Database, params: Actor & { addressId: number }): Promise<CustomerAddress> {
  return db.transaction(async (tx) => {
    if (!(await lockCustomer(tx, params))) throw errors.noAccess();
    const address = await repository.lockAddress(tx, params);
    if (address === null) throw notYours();
    if (address.lifecycle !== 'draft') throw errors.invalidParams('This address was already confirmed.');
    const documents = await addressDocumentsOf(tx, { customerId: params.customerId });
    if (!documents.some((document) => document.addressId === address.id && document.role === 'main')) {
      throw errors.validation([{ field: 'main', message: 'Upload the document that proves the address first.' }]);
    }
    const now = new Date();
    if (address.replacesAddressId !== null) {
      const old = await repository.lockAddress(tx, {
        customerId: params.customerId,
        addressId: address.replacesAddressId,
      });
      if (old === null || old.lifecycle !== 'active') {
        throw errors.invalidParams('The address this replaces is no longer in use. Start again.');
      }
      await repository.updateAddress(tx, {
        customerId: params.customerId,
        addressId: old.id,
        values: { lifecycle: 'replaced', retiredAt: now },
      });
    }
    await repository.updateAddress(tx, {
      customerId: params.customerId,
      addressId: address.id,
      values: { lifecycle: 'active', confirmedAt: now },
    });
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: params.customerId,
      action: address.replacesAddressId === null ? 'profile.addressAdded' : 'profile.addressReplaced',
      details: { addressId: address.id, replacedAddressId: address.replacesAddressId },
      ip: params.ip,
    });
    return addressView(tx, { customerId: params.customerId, addressId: address.id });
  });
}

/** A draft, or a place of business in use; the registered address is only ever replaced. */
export function deleteAddress(db: Database, params: Actor & { addressId: number }): Promise<void> {
  return db.transaction(async (tx) => {
    const address = await repository.lockAddress(tx, params);
    if (address === null) throw notYours();
    const isDeletable =
      address.lifecycle === 'draft' ||
      (address.lifecycle === 'active' && address.addressStatus !== REGISTERED_ADDRESS_STATUS);
    if (!isDeletable) {
      throw errors.invalidParams(
        address.lifecycle === 'active'
          ? 'Your home address can be replaced, not deleted.'
          : 'This address is no longer in use.',
      );
    }
    await repository.updateAddress(tx, {
      customerId: params.customerId,
      addressId: address.id,
      values: { lifecycle: 'deleted', retiredAt: new Date() },
    });
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: params.customerId,
      action: 'profile.addressDeleted',
      details: { addressId: address.id },
      ip: params.ip,
    });
  });
}

/** Spec 000 §7 customer tax number update. */
export function updateTaxId(db: Database, params: Actor & { taxId: string }): Promise<{ taxId: string }> {
  return db.transaction(async (tx) => {
    await setCustomerTaxId(tx, params);
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: params.customerId,
      action: 'profile.taxIdUpdated',
      ip: params.ip,
    });
    return { taxId: params.taxId };
  });
}
