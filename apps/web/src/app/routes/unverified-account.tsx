import '@mantine/core/styles/Skeleton.layer.css';
import { Skeleton } from '@mantine/core';
import { Navigate } from 'react-router';
import { useCustomerInfo } from '../../features/customers/api/get-customer-info';
import { UnverifiedAccountScreen } from '../../features/kyc/routes/unverified-account-screen';
import { VerificationStatusPanel } from '../../features/verification/components/verification-status-panel';

/** `unverified-account`: goes home once the customer is verified (spec 000 §2 guards). */
export default function UnverifiedAccountRoute() {
  const { data } = useCustomerInfo();
  if (data === undefined) return <Skeleton height={200} />;
  if (data.customer.verified === true) return <Navigate to="/home" replace />;
  const summary = data.verification;
  return (
    <UnverifiedAccountScreen status={summary === undefined ? null : <VerificationStatusPanel summary={summary} />} />
  );
}
