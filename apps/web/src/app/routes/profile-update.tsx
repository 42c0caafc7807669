import '@mantine/core/styles/Skeleton.layer.css';
import { Skeleton } from '@mantine/core';
import { useCustomerInfo } from '../../features/customers/api/get-customer-info';
import { ProfileUpdateScreen } from '../../features/kyc/routes/profile-update-screen';
import { VerificationRefreshProvider } from './verification-refresh';

/** `profile-update` (spec 000 §4 "After login" rule 5): the KYC personal-info update. */
export default function ProfileUpdateRoute() {
  const { data } = useCustomerInfo();
  if (data === undefined) return <Skeleton height={320} />;
  return (
    <VerificationRefreshProvider>
      <ProfileUpdateScreen customer={data.customer} />
    </VerificationRefreshProvider>
  );
}
