import { type TransferTemplate, transferTemplateDelete, transferTemplateList } from '@app/shared/api/transfers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export const transferTemplatesQueryKey = ['transfers', 'templates'] as const;

export async function getTransferTemplates(signal?: AbortSignal): Promise<TransferTemplate[]> {
  return (await callMethod(transferTemplateList, {}, { signal })).templates;
}

export function transferTemplatesQueryOptions() {
  return queryOptions({
    queryKey: transferTemplatesQueryKey,
    queryFn: ({ signal }) => getTransferTemplates(signal),
    staleTime: 60_000,
  });
}

export function useTransferTemplates() {
  return useQuery(transferTemplatesQueryOptions());
}

export async function deleteTransferTemplate(id: number): Promise<void> {
  await callMethod(transferTemplateDelete, { id });
}

export function useDeleteTransferTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransferTemplate,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<TransferTemplate[]>(transferTemplatesQueryKey, (previous) =>
        previous?.filter((template) => template.id !== id),
      );
    },
  });
}
