import '@mantine/core/styles/Skeleton.layer.css';
import { Skeleton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/error-alert';
import { customerInfoQueryKey, useCustomerInfo } from '../../features/customers/api/get-customer-info';
import { ProfileScreen } from '../../features/profile/routes/profile-screen';

/** `profile`: the customer's own details come from the customer info, which the profile screen refreshes on change. */
export default function ProfileRoute() {
  const queryClient = useQueryClient();
  const query = useCustomerInfo();
  if (query.isError) return <ErrorAlert error={query.error} />;
  if (query.data === undefined) return <Skeleton height={320} maw={760} />;
  const { customer } = query.data;
  return (
    <ProfileScreen
      details={{
        firstName: customer.firstName,
        lastName: customer.lastName,
        birthDay: customer.birthDay,
        login: customer.login,
        customerType: customer.customerType,
        customerCreationDate: customer.customerCreationDate,
        taxId: customer.taxId,
      }}
      onCustomerChanged={() => void queryClient.invalidateQueries({ queryKey: customerInfoQueryKey })}
    />
  );
}
