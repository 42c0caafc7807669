import type { CustomerInfo } from '@app/shared/api/customers';
import { collapseWhitespace } from '@app/shared/validation/names';

/** Business name for companies; first and last name for people; the login when neither is known. */
export function displayNameOf(
  customer: Pick<CustomerInfo, 'customerType' | 'firstName' | 'lastName' | 'businessName' | 'login'>,
): string {
  const name =
    customer.customerType === 'business'
      ? (customer.businessName ?? '')
      : `${customer.firstName ?? ''} ${customer.lastName ?? ''}`;
  const collapsed = collapseWhitespace(name);
  return collapsed === '' ? customer.login : collapsed;
}
