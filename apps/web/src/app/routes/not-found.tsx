import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/use-session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout } from '../layouts/auth-layout';
import { MainLayout } from '../layouts/main-layout';

function NotFoundContent({ isSignedIn }: { isSignedIn: boolean }) {
  const { t } = useTranslation('common');
  useDocumentTitle(t('notFound.title'));
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1} size="h2">
        {t('notFound.title')}
      </Title>
      <Text>{t('notFound.body')}</Text>
      <Button component={Link} to={isSignedIn ? '/home' : '/login'}>
        {isSignedIn ? t('notFound.home') : t('notFound.login')}
      </Button>
    </Stack>
  );
}

/** The 404 page, inside the layout the visitor is in: main when signed in, the sign-in card otherwise. */
export default function NotFoundRoute() {
  const session = useSession();
  return session ? (
    <MainLayout>
      <NotFoundContent isSignedIn />
    </MainLayout>
  ) : (
    <AuthLayout>
      <NotFoundContent isSignedIn={false} />
    </AuthLayout>
  );
}
