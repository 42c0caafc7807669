import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/List.layer.css';
import type { CustomerAddress } from '@app/shared/api/profile';
import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { getLanguage } from '../../../lib/language';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { addressLine, documentStatusKey } from '../utils/address-form';
import { ActionFeedback } from './action-feedback';
import { NewAddressDialog, type AddressDialogMode } from './new-address-dialog';
import { QueryList } from './query-list';
import { SectionCard } from './section-card';

const PLACE_OF_BUSINESS = 5;
/** Spec 001 §4 confirmation values (0 unconfirmed … 4 name mismatch); dark shades keep white text at ≥ 4.5:1. */
const CONFIRMATION_COLORS: Record<number, string> = { 0: 'gray.7', 1: 'teal.9', 2: 'blue.9', 3: 'red.9', 4: 'red.9' };

function needsNewProof(address: CustomerAddress): boolean {
  return (
    address.lifecycle === 'active' &&
    (address.confirmed === 3 || address.confirmed === 4 || address.isDocumentOutOfDate)
  );
}

function AddressItem({
  address,
  replaced,
  onOpen,
  onDelete,
}: {
  address: CustomerAddress;
  replaced: CustomerAddress | undefined;
  onOpen: (mode: AddressDialogMode) => void;
  onDelete: (address: CustomerAddress) => void;
}) {
  const { t } = useTranslation('profile');
  const isDraft = address.lifecycle === 'draft';
  const canDelete = isDraft || address.addressStatus === PLACE_OF_BUSINESS;
  const line = addressLine(address);
  return (
    <Stack gap={6} component="li" data-testid={`address-${address.addressId}`}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {address.addressStatus === PLACE_OF_BUSINESS ? t('addresses.placeOfBusiness') : t('addresses.registered')}
        </Text>
        {isDraft ? (
          <Badge color="gray.7" variant="outline">
            {t('addresses.draft')}
          </Badge>
        ) : (
          <Badge color={CONFIRMATION_COLORS[address.confirmed] ?? 'gray.7'}>
            {t(`addresses.confirmation.${address.confirmed}`)}
          </Badge>
        )}
      </Group>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {line}
      </Text>
      {isDraft ? <Text size="sm">{t('addresses.draftHint')}</Text> : null}
      {isDraft && replaced !== undefined ? (
        <Text size="xs" c="dimmed">
          {t('addresses.replacing')}
        </Text>
      ) : null}
      {address.isDocumentOutOfDate ? (
        <Alert color="orange" variant="light" p="xs">
          {t('addresses.outOfDate')}
        </Alert>
      ) : null}
      {address.uploadedDocuments.length > 0 ? (
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('addresses.documents', { count: address.uploadedDocuments.length })}
          </Text>
          <List size="sm" spacing={2}>
            {address.uploadedDocuments.map((document) => (
              <List.Item key={document.id}>
                {t(`addresses.roles.${document.role}`)} · {formatDate(document.uploaded, getLanguage())} ·{' '}
                {t(`addresses.documentStatus.${documentStatusKey(document.statusId)}`)}
                {document.rejectReason !== undefined ? (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ({t('addresses.rejectReason', { reason: document.rejectReason })})
                  </Text>
                ) : null}
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      <Group gap="xs">
        {isDraft ? (
          <Button size="xs" onClick={() => onOpen({ kind: 'draft', draft: address })}>
            {t('addresses.finish')}
          </Button>
        ) : null}
        {address.lifecycle === 'active' ? (
          <Button
            size="xs"
            variant="default"
            aria-label={`${t('actions.replace')}: ${line}`}
            onClick={() => onOpen({ kind: 'replace', old: address })}
          >
            {t('actions.replace')}
          </Button>
        ) : null}
        {needsNewProof(address) ? (
          <Button size="xs" variant="default" onClick={() => onOpen({ kind: 'resubmit', address })}>
            {t('addresses.resubmit')}
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            size="xs"
            variant="default"
            color="red"
            aria-label={`${isDraft ? t('addresses.deleteDraft') : t('actions.delete')}: ${line}`}
            onClick={() => onDelete(address)}
          >
            {isDraft ? t('addresses.deleteDraft') : t('actions.delete')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/**
 * Addresses (spec 001 §3 "Customer address"): add with proof, replace, finish a draft, delete.
 * `onChanged` tells the app, whose verification status reads the address.
 */
export function AddressesSection({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation('profile');
  const addresses = useAddresses();
  const deleteAddress = useDeleteAddress();
  const [mode, setMode] = useState<AddressDialogMode | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const list = addresses.data ?? [];
  const hasHome = list.some((address) => address.addressStatus !== PLACE_OF_BUSINESS);

  async function handleDelete(address: CustomerAddress) {
    setError(null);
    setNotice(null);
    try {
      await deleteAddress.mutateAsync({ addressId: address.addressId });
      setNotice(t('addresses.deleted'));
      onChanged();
    } catch (caught) {
      setError(caught);
    }
  }

  return (
    <SectionCard
      id="addresses"
      title={t('addresses.title')}
      intro={t('addresses.intro')}
      action={
        addresses.isSuccess && !hasHome ? (
          <Button
            onClick={() => {
              setNotice(null);
              setMode({ kind: 'new' });
            }}
          >
            {t('addresses.add')}
          </Button>
        ) : null
      }
      dialogs={
        <NewAddressDialog
          mode={mode}
          onClose={() => setMode(null)}
          onDone={(message) => {
            setMode(null);
            setNotice(message);
            onChanged();
          }}
        />
      }
    >
      <ActionFeedback notice={notice} error={error} />
      <QueryList query={addresses} count={list.length} skeletonHeight={72} emptyText={t('addresses.empty')} gap="md">
        {list.map((address) => (
          <AddressItem
            key={address.addressId}
            address={address}
            replaced={list.find((other) => other.addressId === address.replacesAddressId)}
            onOpen={(next) => {
              setNotice(null);
              setMode(next);
            }}
            onDelete={(target) => void handleDelete(target)}
          />
        ))}
      </QueryList>
    </SectionCard>
  );
}
