import { describe, expect, it } from 'vitest';
import { addressProblems, documentStatusKey, EMPTY_ADDRESS, fileProblem } from './address-form';

describe('address form', () => {
  it('asks for the street, city, a postal code and the country', () => {
    expect(addressProblems(EMPTY_ADDRESS)).toEqual({
      address1: 'required',
      city: 'required',
      postalCode: 'invalid',
      country: 'required',
    });
    expect(
      addressProblems({
        ...EMPTY_ADDRESS,
        address1: '1 High St',
        city: 'London',
        postalCode: 'SW1A 1AA',
        countryCode: 'GB',
      }),
    ).toEqual({});
    expect(addressProblems({ ...EMPTY_ADDRESS, postalCode: '<12>' }).postalCode).toBe('invalid');
  });

  it('accepts PDF, JPEG, PNG and HEIC up to 10 MB', () => {
    expect(fileProblem(new File(['x'], 'bill.pdf', { type: 'application/pdf' }))).toBeNull();
    expect(fileProblem(new File(['x'], 'photo.HEIC', { type: '' }))).toBeNull();
    expect(fileProblem(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe('fileType');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.png', { type: 'image/png' });
    expect(fileProblem(big)).toBe('fileSize');
  });

  it.each([
    [2, 'confirmed'],
    [0, 'pending'],
    [41, 'pending'],
    [4, 'rejected'],
    [38, 'expired'],
    [64, 'nameMismatch'],
    [7, 'unknown'],
  ])('names document status %i %s', (statusId, key) => {
    expect(documentStatusKey(statusId)).toBe(key);
  });
});
