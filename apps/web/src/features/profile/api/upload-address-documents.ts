import {
  ADDRESS_DOCUMENT_PARTS,
  ADDRESS_DOCUMENTS_PATH,
  addressDocumentsResponseSchema,
  type AddressDocumentPart,
  type AddressDocumentsData,
  type CustomerAddress,
} from '@app/shared/api/profile';
import { postMultipart } from '../../../lib/multipart-upload';

export type AddressDocumentFiles = Partial<Record<AddressDocumentPart, File>>;

/**
 * Uploads the proof of an address as multipart (spec 001 §7): files main, additional and
 * relationship, and the JSON `data` part.
 */
export async function uploadAddressDocuments(params: {
  data: AddressDocumentsData;
  files: AddressDocumentFiles;
}): Promise<CustomerAddress> {
  const response = await postMultipart({
    path: ADDRESS_DOCUMENTS_PATH,
    data: params.data,
    // Only the known parts, in the server's order, whatever else the record holds.
    files: ADDRESS_DOCUMENT_PARTS.map((part) => [part, params.files[part]] as const),
    schema: addressDocumentsResponseSchema,
  });
  return response.address;
}
