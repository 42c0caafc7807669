import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import type { CustomerPhone } from '@app/shared/api/profile';
import { codeChallengeS256, createCodeVerifier } from '@app/shared/validation/pkce';
import { Badge, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { type SubmitEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { useAddPhone } from '../api/add-phone';
import { useConfirmPhone } from '../api/confirm-phone';
import { usePhones } from '../api/get-phones';
import { useReplacePhone } from '../api/replace-phone';
import { requestPhoneCode } from '../api/request-phone-code';
import { useSetPrimaryPhone } from '../api/set-primary-phone';
import { callingCodeOf, formatPhone, nationalDigitsOf } from '../utils/phone-input';
import { ActionFeedback } from './action-feedback';
import { CodeDialog } from './code-dialog';
import { QueryList } from './query-list';
import { SectionCard } from './section-card';

interface PendingCode {
  phone: CustomerPhone;
  /** The PKCE verifier of the challenge the code was sent under; it proves this browser asked. */
  verifier: string;
  isSandbox: boolean;
}

type Field = 'countryCode' | 'number';

interface PhoneFormProps {
  submitLabel: string;
  onSubmit: (values: { countryCode: string; number: string; codeChallenge: string; verifier: string }) => Promise<void>;
  onCancel?: () => void;
  idPrefix: string;
}

/** Country code and number; the '+' a customer types is dropped, as the spec's client does (000 §5). */
function PhoneForm({ submitLabel, onSubmit, onCancel, idPrefix }: PhoneFormProps) {
  const { t } = useTranslation('profile');
  const [countryCode, setCountryCode] = useState('');
  const [number, setNumber] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<unknown>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const code = callingCodeOf(countryCode);
    const digits = nationalDigitsOf(number);
    const found: Partial<Record<Field, string>> = {};
    if (code === null) found.countryCode = t('phones.errors.countryCode');
    if (digits === null) found.number = t('phones.errors.number');
    setProblems(found);
    if (code === null || digits === null) return;
    setIsBusy(true);
    try {
      const verifier = createCodeVerifier();
      await onSubmit({ countryCode: code, number: digits, codeChallenge: await codeChallengeS256(verifier), verifier });
      setCountryCode('');
      setNumber('');
    } catch (caught) {
      const fields = isApiError(caught) ? caught.validationErrors : [];
      const numberProblem = fields.find((item) => item.field === 'number' || item.field === 'countryCode');
      if (numberProblem !== undefined) setProblems({ number: numberProblem.message });
      else setError(caught);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="sm">
        {error !== null ? <ErrorAlert error={error} /> : null}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            id={`${idPrefix}-country-code`}
            label={t('phones.countryCode')}
            description={t('phones.countryCodeHint')}
            leftSection={<span aria-hidden="true">+</span>}
            inputMode="numeric"
            autoComplete="tel-country-code"
            value={countryCode}
            onChange={(event) => setCountryCode(event.currentTarget.value)}
            error={problems.countryCode}
            required
            w={{ base: '100%', xs: 180 }}
          />
          <TextInput
            id={`${idPrefix}-number`}
            label={t('phones.number')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={number}
            onChange={(event) => setNumber(event.currentTarget.value)}
            error={problems.number}
            required
            style={{ flex: '1 1 200px' }}
          />
        </Group>
        <Group gap="sm">
          <Button type="submit" loading={isBusy}>
            {submitLabel}
          </Button>
          {onCancel !== undefined ? (
            <Button variant="default" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

function statusBadge(phone: CustomerPhone, t: (key: string) => string) {
  if (phone.isPrimary) return <Badge color="teal.9">{t('phones.primary')}</Badge>;
  if (phone.status === 'Confirmed') return <Badge color="gray.7">{t('phones.confirmed')}</Badge>;
  return <Badge color="#b34a0b">{t('phones.unconfirmed')}</Badge>;
}

/**
 * Phones (spec 000 §3, §7): add, confirm by SMS code, replace, one primary. `onChanged` tells the
 * app, whose verification status counts an unconfirmed phone.
 */
export function PhonesSection({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation('profile');
  const phones = usePhones();
  const addPhone = useAddPhone();
  const replacePhone = useReplacePhone();
  const confirmPhone = useConfirmPhone();
  const setPrimary = useSetPrimaryPhone();
  const [pending, setPending] = useState<PendingCode | null>(null);
  const [replacing, setReplacing] = useState<CustomerPhone | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const list = phones.data ?? [];
  const numberOf = (phoneId: number | undefined) => {
    const phone = list.find((row) => row.phoneId === phoneId);
    return phone === undefined ? '' : formatPhone(phone);
  };

  async function askForCode(phone: CustomerPhone) {
    setError(null);
    const verifier = createCodeVerifier();
    try {
      const sent = await requestPhoneCode({ phoneId: phone.phoneId, codeChallenge: await codeChallengeS256(verifier) });
      setPending({ phone, verifier, isSandbox: sent.isSandbox });
    } catch (caught) {
      setError(caught);
    }
  }

  async function makePrimary(phone: CustomerPhone) {
    setError(null);
    try {
      await setPrimary.mutateAsync({ phoneId: phone.phoneId });
      setNotice(t('phones.primarySet', { number: formatPhone(phone) }));
    } catch (caught) {
      setError(caught);
    }
  }

  return (
    <SectionCard
      id="phones"
      title={t('phones.title')}
      intro={t('phones.intro')}
      dialogs={
        <>
          <Modal
            opened={replacing !== null}
            onClose={() => setReplacing(null)}
            title={t('phones.replaceTitle', { number: replacing === null ? '' : formatPhone(replacing) })}
            centered
            closeButtonProps={{ 'aria-label': t('actions.close') }}
          >
            {replacing !== null ? (
              <PhoneForm
                idPrefix="phone-replace"
                submitLabel={t('phones.sendCode')}
                onCancel={() => setReplacing(null)}
                onSubmit={async ({ countryCode, number, codeChallenge, verifier }) => {
                  const sent = await replacePhone.mutateAsync({
                    phoneId: replacing.phoneId,
                    countryCode,
                    number,
                    codeChallenge,
                  });
                  setReplacing(null);
                  setPending({ phone: sent.phone, verifier, isSandbox: sent.isSandbox });
                  onChanged();
                }}
              />
            ) : null}
          </Modal>
          <CodeDialog
            opened={pending !== null}
            title={t('phones.codeTitle')}
            description={t('phones.codeSent', { number: pending === null ? '' : formatPhone(pending.phone) })}
            sandboxNote={pending?.isSandbox === true ? t('phones.sandbox') : undefined}
            onClose={() => setPending(null)}
            onResend={async () => {
              if (pending === null) return;
              const verifier = createCodeVerifier();
              const sent = await requestPhoneCode({
                phoneId: pending.phone.phoneId,
                codeChallenge: await codeChallengeS256(verifier),
              });
              setPending({ ...pending, verifier, isSandbox: sent.isSandbox });
            }}
            onSubmit={async (code) => {
              if (pending === null) return;
              const phone = await confirmPhone.mutateAsync({
                phoneId: pending.phone.phoneId,
                verification: { code, codeVerifier: pending.verifier },
              });
              setPending(null);
              setNotice(t('phones.confirmedNotice', { number: formatPhone(phone) }));
              onChanged();
            }}
          />
        </>
      }
    >
      <ActionFeedback notice={notice} error={error} />
      <QueryList
        query={phones}
        count={list.length}
        skeletonHeight={48}
        emptyText={t('phones.empty')}
        gap="xs"
        testId="phone-list"
      >
        {list.map((phone) => (
          <li key={phone.phoneId}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatPhone(phone)}
                  </Text>
                  {statusBadge(phone, t)}
                </Group>
                {phone.replacesPhoneId !== undefined && phone.status === 'Unconfirmed' ? (
                  <Text size="xs" c="dimmed">
                    {t('phones.replacing', { number: numberOf(phone.replacesPhoneId) })}
                  </Text>
                ) : null}
              </Stack>
              <Group gap="xs">
                {phone.status === 'Unconfirmed' ? (
                  <Button size="xs" onClick={() => void askForCode(phone)}>
                    {t('actions.enterCode')}
                  </Button>
                ) : null}
                {phone.status === 'Confirmed' ? (
                  <Button size="xs" variant="default" onClick={() => void makePrimary(phone)}>
                    {t('actions.makePrimary')}
                  </Button>
                ) : null}
                {phone.status !== 'Unconfirmed' ? (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setReplacing(phone)}
                    aria-label={`${t('actions.replace')} ${formatPhone(phone)}`}
                  >
                    {t('actions.replace')}
                  </Button>
                ) : null}
              </Group>
            </Group>
          </li>
        ))}
      </QueryList>
      <Title order={3} size="h4">
        {t('phones.addTitle')}
      </Title>
      <PhoneForm
        idPrefix="phone-add"
        submitLabel={t('phones.add')}
        onSubmit={async ({ countryCode, number, codeChallenge, verifier }) => {
          setNotice(null);
          const sent = await addPhone.mutateAsync({ countryCode, number, codeChallenge });
          setPending({ phone: sent.phone, verifier, isSandbox: sent.isSandbox });
          onChanged();
        }}
      />
    </SectionCard>
  );
}
