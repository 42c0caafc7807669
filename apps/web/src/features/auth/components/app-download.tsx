import '@mantine/core/styles/Divider.layer.css';
import { Anchor, Button, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type SubmitEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { type ErrorTextKey, userFacingError } from '../../../lib/error-message';
import { getMobileBridge, type MobileBridge } from '../../../lib/mobile-bridge';
import { useBrand } from '../../../lib/runtime-config';
import { sendStoreLinks } from '../api/store-links';
import type { FactorSetupCredential } from '../api/two-step-verification';

const PHONE_FIELD_ID = 'app-download-phone';
const MAX_PHONE_LENGTH = 32;

/**
 * The app download hand-off: the brand's store links, and the same links sent to a phone by SMS
 * (`POST /auth/stores-urls/send`). Inside the app there is nothing to download, so it shows nothing.
 */
export function AppDownload({
  credential,
  bridge = getMobileBridge(),
}: {
  credential: FactorSetupCredential;
  bridge?: MobileBridge;
}) {
  const { t } = useTranslation(['signIn', 'common']);
  const brand = useBrand();
  const [phone, setPhone] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | undefined>();
  const [isSending, setIsSending] = useState(false);

  if (bridge.isAvailable) return null;

  async function handleSend(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    setFormError(undefined);
    setSentTo(undefined);
    const phoneNumber = phone.trim();
    if (phoneNumber === '') {
      setFieldError(t('signIn:app.phoneRequired'));
      return;
    }
    setFieldError(undefined);
    setIsSending(true);
    try {
      await sendStoreLinks(credential, phoneNumber);
      setSentTo(phoneNumber);
    } catch (error) {
      const phoneError = isApiError(error)
        ? error.validationErrors.find((item) => item.field === 'phoneNumber')
        : undefined;
      if (phoneError) setFieldError(phoneError.message);
      else setFormError(userFacingError(error, (key: ErrorTextKey) => t(`common:errors.${key}`)).message);
    } finally {
      setIsSending(false);
    }
  }

  return (
    <Stack gap="sm">
      <Divider />
      <Title order={2} size="h4">
        {t('signIn:app.title', { brand: brand.name })}
      </Title>
      <Text size="sm">{t('signIn:app.intro')}</Text>
      <Group gap="md">
        <Anchor href={brand.appStoreLinks.ios} target="_blank" rel="noreferrer" size="sm">
          {t('signIn:app.appStore')}
        </Anchor>
        <Anchor href={brand.appStoreLinks.android} target="_blank" rel="noreferrer" size="sm">
          {t('signIn:app.googlePlay')}
        </Anchor>
      </Group>
      <form onSubmit={(event) => void handleSend(event)} noValidate aria-label={t('signIn:app.sendTitle')}>
        <Stack gap="xs">
          <TextInput
            id={PHONE_FIELD_ID}
            label={t('signIn:app.phone')}
            description={t('signIn:app.phoneHint')}
            type="tel"
            name="phone"
            autoComplete="tel"
            inputMode="tel"
            maxLength={MAX_PHONE_LENGTH}
            value={phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
            error={fieldError}
          />
          {formError ? (
            <Text size="sm" c="red.9" role="alert">
              {formError}
            </Text>
          ) : null}
          {sentTo ? (
            <Text size="sm" role="status">
              {t('signIn:app.sent', { phone: sentTo })}
            </Text>
          ) : null}
          <Button type="submit" variant="default" loading={isSending}>
            {t('signIn:app.send')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
