import '@mantine/core/styles/Skeleton.layer.css';
import { Button, Group, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/brand-logo';
import { LanguageSwitcher } from '../../components/language-switcher';
import { useCustomerInfo } from '../../features/customers/api/get-customer-info';
import { KycScreen } from '../../features/kyc/routes/kyc-screen';
import { VerificationStatusPanel } from '../../features/verification/components/verification-status-panel';
import { signOut } from '../session/sign-out';
import { VerificationRefreshProvider } from './verification-refresh';

/**
 * `kyc` (spec 000 §2 restricted routes): outside the main layout, since the routing sends a customer
 * here before anything else; a slim header keeps the brand, the language and a way out.
 */
export default function KycRoute() {
  const { t } = useTranslation('common');
  const { data } = useCustomerInfo();
  const summary = data?.verification;
  return (
    <VerificationRefreshProvider>
      <header>
        <Group justify="space-between" px="md" py="sm" wrap="nowrap">
          <BrandLogo height={28} />
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            <Button variant="subtle" size="compact-sm" onClick={() => void signOut('signedOut')}>
              {t('profileMenu.signOut')}
            </Button>
          </Group>
        </Group>
      </header>
      <main id="main" tabIndex={-1}>
        <KycScreen
          status={summary === undefined ? <Skeleton height={72} /> : <VerificationStatusPanel summary={summary} />}
          isNeedKyc={data?.customer.isNeedKyc ?? false}
          dueDiligenceLevel={data?.customer.dueDiligenceLevel}
        />
      </main>
    </VerificationRefreshProvider>
  );
}
