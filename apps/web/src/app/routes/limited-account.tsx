import { useCustomerInfo } from '../../features/customers/api/get-customer-info';
import { LimitedAccountScreen } from '../../features/kyc/routes/limited-account-screen';
import { VerificationStatusPanel } from '../../features/verification/components/verification-status-panel';
import { VerificationRefreshProvider } from './verification-refresh';

/** `limited-account`: the limit reasons and the documents that lift them. */
export default function LimitedAccountRoute() {
  const { data } = useCustomerInfo();
  const summary = data?.verification;
  return (
    <VerificationRefreshProvider>
      <LimitedAccountScreen status={summary === undefined ? null : <VerificationStatusPanel summary={summary} />} />
    </VerificationRefreshProvider>
  );
}
