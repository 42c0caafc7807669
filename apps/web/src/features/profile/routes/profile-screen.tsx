import '@mantine/core/styles/SimpleGrid.layer.css';
import { EMAIL_CONFIRMATION_QUERY } from '@app/shared/api/profile';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResultPopup } from '../../../components/result-popup';
import { formatDate } from '../../../lib/format';
import { getLanguage } from '../../../lib/language';
import { emailsQueryRoot } from '../api/query-roots';
import { AddressesSection } from '../components/addresses-section';
import { EmailsSection } from '../components/emails-section';
import { PhonesSection } from '../components/phones-section';
import { TaxIdSection } from '../components/tax-id-section';
import { UsernameSection } from '../components/username-section';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** What the profile shows of the customer info, which the app passes in (it belongs to the customers feature). */
export interface ProfileDetails {
  firstName?: string;
  lastName?: string;
  birthDay?: string;
  login: string;
  customerType?: 'personal' | 'business';
  customerCreationDate?: string;
  taxId?: string;
}

export interface ProfileScreenProps {
  details: ProfileDetails;
  /** The customer info changed (tax number, sign-in e-mail, what the verification status reads): the app refetches it. */
  onCustomerChanged: () => void;
}

function DetailsSection({ details }: { details: ProfileDetails }) {
  const { t } = useTranslation('profile');
  const name = [details.firstName, details.lastName].filter((part) => part !== undefined).join(' ');
  const rows: [string, string][] = [
    [t('details.name'), name === '' ? t('details.notSet') : name],
    [
      t('details.birthDay'),
      details.birthDay === undefined ? t('details.notSet') : formatDate(details.birthDay, getLanguage()),
    ],
    [t('details.login'), details.login],
    [t('details.customerType'), details.customerType === 'business' ? t('details.business') : t('details.personal')],
  ];
  if (details.customerCreationDate !== undefined) {
    rows.push([t('details.since'), formatDate(details.customerCreationDate, getLanguage())]);
  }
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="details-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="details-title">
          {t('details.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" style={{ margin: 0 }}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('details.changeHint')}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * `profile` (spec 001 §2 profile menu): personal details, addresses with their proof, phones,
 * e-mails, the sign-in e-mail and the tax number. `?emailConfirmation=success|fail` (the mailed
 * link's landing) opens the e-mail confirmation popup.
 */
export function ProfileScreen({ details, onCustomerChanged }: ProfileScreenProps) {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('title'));
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const confirmation = searchParams.get(EMAIL_CONFIRMATION_QUERY);
  const hasConfirmation = confirmation === 'success' || confirmation === 'fail';

  function closeConfirmation() {
    const next = new URLSearchParams(searchParams);
    next.delete(EMAIL_CONFIRMATION_QUERY);
    setSearchParams(next, { replace: true });
    void queryClient.invalidateQueries({ queryKey: emailsQueryRoot });
  }

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Text>{t('intro')}</Text>
      <DetailsSection details={details} />
      <AddressesSection onChanged={onCustomerChanged} />
      <PhonesSection onChanged={onCustomerChanged} />
      <EmailsSection />
      <UsernameSection onLoginChanged={onCustomerChanged} />
      <TaxIdSection taxId={details.taxId} onUpdated={onCustomerChanged} />
      <ResultPopup
        opened={hasConfirmation}
        onClose={closeConfirmation}
        status={confirmation === 'success' ? 'success' : 'error'}
        message={confirmation === 'success' ? t('emails.confirmation.success') : t('emails.confirmation.fail')}
      />
    </Stack>
  );
}
