import { createContext, useContext } from 'react';

/**
 * An upload, a KYC request or a personal-info update changes the verification status, which lives in
 * customer info (another feature's query). The app provides how to refresh it; features stay apart.
 */
export const VerificationRefreshContext = createContext<() => Promise<void>>(() => Promise.resolve());

export function useVerificationRefresh(): () => Promise<void> {
  return useContext(VerificationRefreshContext);
}
