import { useTranslation } from 'react-i18next';
import { TermsAcceptance } from '../../features/terms/components/terms-acceptance';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout } from '../layouts/auth-layout';
import { useContinueAfterSignIn } from '../post-login/post-login-navigation';
import { signOut } from '../session/sign-out';

export default function TermsRoute() {
  const { t } = useTranslation('terms');
  const continueAfterSignIn = useContinueAfterSignIn();
  useDocumentTitle(t('title'));
  return (
    <AuthLayout>
      <TermsAcceptance onAccepted={continueAfterSignIn} onSignOut={() => void signOut('signedOut')} />
    </AuthLayout>
  );
}
