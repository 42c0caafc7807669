import { adminActingStart, adminActingStop } from '@app/shared/api/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callMethod } from '../../../lib/api-client';
import { getFromCustomerId, setFromCustomerId } from '../../../lib/session';

/**
 * Acting for a customer (spec 000 §6): the start and the stop are recorded on the server, and from
 * the start every call that honours it carries fromCustomerId. What was cached belongs to whoever was
 * acted for before, so it is reset both ways: emptied, and what is on screen (the layout's customer)
 * fetched again for the new customer.
 */
export function useStartActing() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (customerId: number) => callMethod(adminActingStart, { customerId }),
    onSuccess: async (acting) => {
      setFromCustomerId(acting.customerId);
      await queryClient.resetQueries();
      await navigate('/home');
    },
  });
}

export function useStopActing() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const customerId = getFromCustomerId();
      if (customerId !== undefined) await callMethod(adminActingStop, { customerId });
      return customerId;
    },
    // Stopping never leaves the administrator stuck in the customer's name, even if recording fails.
    onSettled: async (customerId) => {
      setFromCustomerId(undefined);
      // Away from the customer's screens first: refetched without fromCustomerId they would fail.
      await navigate(customerId === undefined ? '/admin-overview' : `/admin-customer/${customerId}`);
      await queryClient.resetQueries();
    },
  });
}
