import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { ADDRESS_DOCUMENT_TYPE_IDS } from '@app/shared/api/documents';
import {
  ADDRESS_DOCUMENT_CONTENT_TYPES,
  ADDRESS_DOCUMENT_PARTS,
  RELATIONSHIP_DOCUMENT_TYPE_IDS,
  type AddressDocumentPart,
  type CustomerAddress,
} from '@app/shared/api/profile';
import { Button, FileInput, Group, List, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { type SubmitEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { getLanguage } from '../../../lib/language';
import { checkAddressReplace, type AddressReplaceCheck } from '../api/check-address-replace';
import { useConfirmAddress } from '../api/confirm-address';
import { useCreateAddress } from '../api/create-address';
import { useReplaceAddress } from '../api/replace-address';
import { uploadAddressDocuments, type AddressDocumentFiles } from '../api/upload-address-documents';
import {
  addressLine,
  addressProblems,
  countryOptions,
  EMPTY_ADDRESS,
  fileProblem,
  type AddressField,
  type AddressFormValues,
} from '../utils/address-form';

/**
 * new: a first address; replace: a new one for an address in use (after the compatibility check);
 * draft: finish a draft left earlier; resubmit: new proof for an address whose proof was refused.
 */
export type AddressDialogMode =
  | { kind: 'new' }
  | { kind: 'replace'; old: CustomerAddress }
  | { kind: 'draft'; draft: CustomerAddress }
  | { kind: 'resubmit'; address: CustomerAddress };

export interface NewAddressDialogProps {
  mode: AddressDialogMode | null;
  onClose: () => void;
  onDone: (message: string) => void;
}

const REGISTERED_ADDRESS = 1;
const PLACE_OF_BUSINESS = 5;
const SERVER_FIELDS: Readonly<Record<string, AddressField>> = {
  address1: 'address1',
  city: 'city',
  postalCode: 'postalCode',
  countryCode: 'country',
  main: 'main',
  relationshipDocumentType: 'relationshipType',
};

/**
 * The "personal new address" popup (spec 001 §2): the address, its proof (main, additional,
 * relationship), then a review that, for a replacement, lists the cards it would cancel or still
 * send to the old address (only when there are any). Confirming creates the draft, uploads the
 * documents and submits it; a failure on the way keeps the draft, so trying again does not duplicate it.
 */
export function NewAddressDialog({ mode, onClose, onDone }: NewAddressDialogProps) {
  const { t } = useTranslation('profile');
  const title =
    mode === null
      ? ''
      : {
          new: t('newAddress.titleNew'),
          replace: t('newAddress.titleReplace'),
          draft: t('newAddress.titleDraft'),
          resubmit: t('newAddress.titleResubmit'),
        }[mode.kind];
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {mode !== null ? <AddressWizard mode={mode} onClose={onClose} onDone={onDone} /> : null}
    </Modal>
  );
}

/** A titled list on the review step; nothing at all when it is empty. */
function ReviewList({ title, items }: { title: string; items: readonly { key: string | number; text: string }[] }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <List size="sm">
        {items.map((item) => (
          <List.Item key={item.key}>{item.text}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

function AddressWizard({
  mode,
  onClose,
  onDone,
}: {
  mode: AddressDialogMode;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('profile');
  const createAddress = useCreateAddress();
  const replaceAddress = useReplaceAddress();
  const confirmAddress = useConfirmAddress();
  const countries = useMemo(() => countryOptions(getLanguage()), []);
  const existing = mode.kind === 'draft' ? mode.draft : mode.kind === 'resubmit' ? mode.address : null;
  const hasMainAlready =
    mode.kind === 'draft' && mode.draft.uploadedDocuments.some((document) => document.role === 'main');
  const [values, setValues] = useState<AddressFormValues>(EMPTY_ADDRESS);
  const [documentType, setDocumentType] = useState<string | null>(String(ADDRESS_DOCUMENT_TYPE_IDS[0]));
  const [relationshipType, setRelationshipType] = useState<string | null>(null);
  const [files, setFiles] = useState<AddressDocumentFiles>({});
  const [problems, setProblems] = useState<Partial<Record<AddressField, string>>>({});
  const [error, setError] = useState<unknown>(null);
  const [step, setStep] = useState<'form' | 'review'>('form');
  const [check, setCheck] = useState<AddressReplaceCheck | null>(null);
  const [draftId, setDraftId] = useState<number | null>(existing?.addressId ?? null);
  const [isUploaded, setIsUploaded] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  const set = (field: keyof AddressFormValues) => (value: string) => setValues({ ...values, [field]: value });

  function validate(): boolean {
    const found: Partial<Record<AddressField, string>> = {};
    if (existing === null) {
      const addressIssues = addressProblems(values);
      for (const field of ['address1', 'city', 'postalCode', 'country'] as const) {
        if (addressIssues[field] !== undefined) found[field] = t(`newAddress.errors.${field}`);
      }
    }
    if (files.main === undefined && !hasMainAlready) found.main = t('newAddress.errors.main');
    for (const part of ['main', 'additional', 'relationship'] as const) {
      const file = files[part];
      const problem = file === undefined ? null : fileProblem(file);
      if (problem !== null) found[part] = t(`newAddress.errors.${problem}`);
    }
    if (files.relationship !== undefined && relationshipType === null) {
      found.relationshipType = t('newAddress.errors.relationshipType');
    }
    setProblems(found);
    return Object.keys(found).length === 0;
  }

  function showServerError(caught: unknown) {
    const found: Partial<Record<AddressField, string>> = {};
    if (isApiError(caught)) {
      for (const item of caught.validationErrors) {
        const field = SERVER_FIELDS[item.field];
        if (field !== undefined) found[field] = item.message;
      }
    }
    if (Object.keys(found).length > 0) {
      setProblems(found);
      setStep('form');
    } else {
      setError(caught);
    }
  }

  async function handleContinue(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!validate()) return;
    if (mode.kind === 'replace' && values.countryCode !== null) {
      setIsBusy(true);
      try {
        setCheck(await checkAddressReplace({ countryCode: values.countryCode, oldAddressId: mode.old.addressId }));
      } catch (caught) {
        setError(caught);
        return;
      } finally {
        setIsBusy(false);
      }
    }
    setStep('review');
  }

  async function handleConfirm() {
    setError(null);
    setIsBusy(true);
    try {
      let addressId = draftId;
      if (addressId === null) {
        const { countryCode } = values;
        if (countryCode === null) {
          setStep('form');
          return;
        }
        const address = {
          address1: values.address1,
          address2: values.address2.trim() === '' ? undefined : values.address2,
          city: values.city,
          postalCode: values.postalCode,
          countryCode,
          stateName: values.stateName.trim() === '' ? undefined : values.stateName,
          addressStatus:
            mode.kind === 'replace' && mode.old.addressStatus === PLACE_OF_BUSINESS
              ? PLACE_OF_BUSINESS
              : REGISTERED_ADDRESS,
        } as const;
        const created =
          mode.kind === 'replace'
            ? await replaceAddress.mutateAsync({ ...address, oldAddressId: mode.old.addressId })
            : await createAddress.mutateAsync(address);
        addressId = created.addressId;
        setDraftId(addressId);
      }
      const hasFiles = ADDRESS_DOCUMENT_PARTS.some((part) => files[part] !== undefined);
      if (hasFiles && !isUploaded) {
        await uploadAddressDocuments({
          data: {
            addressId,
            documentType: Number(documentType) as (typeof ADDRESS_DOCUMENT_TYPE_IDS)[number],
            relationshipDocumentType:
              files.relationship === undefined || relationshipType === null
                ? undefined
                : (Number(relationshipType) as (typeof RELATIONSHIP_DOCUMENT_TYPE_IDS)[number]),
          },
          files,
        });
        setIsUploaded(true);
      }
      if (mode.kind !== 'resubmit') await confirmAddress.mutateAsync({ addressId });
      onDone(t('newAddress.submitted'));
    } catch (caught) {
      showServerError(caught);
    } finally {
      setIsBusy(false);
    }
  }

  const fileInput = (part: AddressDocumentPart, label: string, description?: string) => (
    <FileInput
      id={`address-file-${part}`}
      label={label}
      description={description}
      placeholder={t('newAddress.chooseFile')}
      accept={ADDRESS_DOCUMENT_CONTENT_TYPES.join(',')}
      value={files[part] ?? null}
      onChange={(file) => {
        setFiles({ ...files, [part]: file ?? undefined });
        setIsUploaded(false);
      }}
      error={problems[part]}
      required={part === 'main' && !hasMainAlready}
      clearable
      clearButtonProps={{ 'aria-label': t('actions.delete') }}
    />
  );

  const cardItems = (cards: AddressReplaceCheck['cardsToBeCancelled']) =>
    cards.map((card) => ({
      key: card.accountId,
      text: t('newAddress.card', { name: card.cardAliasName ?? card.lastFour ?? card.accountId }),
    }));

  if (step === 'review') {
    const summary = existing ?? {
      address1: values.address1,
      address2: values.address2,
      city: values.city,
      postalCode: values.postalCode,
      countryCode: values.countryCode ?? '',
    };
    const chosen = (['main', 'additional', 'relationship'] as const).filter((part) => files[part] !== undefined);
    return (
      <Stack gap="md">
        <Title order={3} size="h4">
          {t('newAddress.reviewTitle')}
        </Title>
        <Text size="sm">{t('newAddress.reviewIntro')}</Text>
        <Text fw={600} data-testid="address-review">
          {addressLine(summary)}
        </Text>
        <ReviewList
          title={t('newAddress.files')}
          items={chosen.map((part) => ({
            key: part,
            text: `${t(`addresses.roles.${part}`)}: ${files[part]?.name ?? ''}`,
          }))}
        />
        <ReviewList title={t('newAddress.cardsToBeCancelled')} items={cardItems(check?.cardsToBeCancelled ?? [])} />
        <ReviewList
          title={t('newAddress.cardsToBeShipped')}
          items={cardItems(check?.cardsToBeShippedToOldAddress ?? [])}
        />
        {error !== null ? <ErrorAlert error={error} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setStep('form')} disabled={isBusy}>
            {t('actions.back')}
          </Button>
          <Button onClick={() => void handleConfirm()} loading={isBusy}>
            {t('newAddress.confirm')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void handleContinue(event)} noValidate>
      <Stack gap="sm">
        {error !== null ? <ErrorAlert error={error} /> : null}
        {mode.kind === 'replace' ? (
          <Text size="sm">{t('newAddress.currentAddress', { address: addressLine(mode.old) })}</Text>
        ) : null}
        {existing !== null ? (
          <Text fw={600}>{addressLine(existing)}</Text>
        ) : (
          <>
            <TextInput
              id="address-line1"
              label={t('newAddress.address1')}
              autoComplete="address-line1"
              value={values.address1}
              onChange={(event) => set('address1')(event.currentTarget.value)}
              error={problems.address1}
              required
            />
            <TextInput
              id="address-line2"
              label={t('newAddress.address2')}
              autoComplete="address-line2"
              value={values.address2}
              onChange={(event) => set('address2')(event.currentTarget.value)}
            />
            <Group grow align="flex-start" wrap="wrap" gap="sm">
              <TextInput
                id="address-city"
                label={t('newAddress.city')}
                autoComplete="address-level2"
                value={values.city}
                onChange={(event) => set('city')(event.currentTarget.value)}
                error={problems.city}
                required
                miw={180}
              />
              <TextInput
                id="address-postal-code"
                label={t('newAddress.postalCode')}
                autoComplete="postal-code"
                value={values.postalCode}
                onChange={(event) => set('postalCode')(event.currentTarget.value)}
                error={problems.postalCode}
                required
                miw={140}
              />
            </Group>
            <Select
              id="address-country"
              label={t('newAddress.country')}
              placeholder={t('newAddress.countryPlaceholder')}
              data={countries}
              value={values.countryCode}
              onChange={(value) =>
                setValues({ ...values, countryCode: countries.find((option) => option.value === value)?.value ?? null })
              }
              error={problems.country}
              searchable
              required
              autoComplete="country"
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              id="address-state"
              label={t('newAddress.state')}
              autoComplete="address-level1"
              value={values.stateName}
              onChange={(event) => set('stateName')(event.currentTarget.value)}
            />
          </>
        )}
        <Title order={3} size="h4" mt="sm">
          {t('newAddress.documentsTitle')}
        </Title>
        <Text size="sm">{t('newAddress.documentsIntro')}</Text>
        <Select
          id="address-document-type"
          label={t('newAddress.documentType')}
          data={ADDRESS_DOCUMENT_TYPE_IDS.map((id) => ({
            value: String(id),
            label: t(`newAddress.documentTypes.${id}`),
          }))}
          value={documentType}
          onChange={setDocumentType}
          allowDeselect={false}
          required
          comboboxProps={{ withinPortal: true }}
        />
        {fileInput('main', t('newAddress.main'))}
        {fileInput('additional', t('newAddress.additional'))}
        {fileInput('relationship', t('newAddress.relationship'), t('newAddress.relationshipHint'))}
        {files.relationship !== undefined ? (
          <Select
            id="address-relationship-type"
            label={t('newAddress.relationshipType')}
            data={RELATIONSHIP_DOCUMENT_TYPE_IDS.map((id) => ({
              value: String(id),
              label: t(`newAddress.relationshipTypes.${id}`),
            }))}
            value={relationshipType}
            onChange={setRelationshipType}
            error={problems.relationshipType}
            required
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={isBusy}>
            {t('actions.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
