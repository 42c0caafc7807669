import { SecondFactorSetupScreen } from '../../features/auth/components/second-factor-setup-screen';
import { AuthLayout } from '../layouts/auth-layout';
import { useContinueAfterSignIn } from '../post-login/post-login-navigation';
import { pathOfRoute } from '../route-registry';

/** `scp`: turning on the authenticator app with a QR code, scanned by the phone that will hold it. */
export default function ScpRoute() {
  const continueAfterSignIn = useContinueAfterSignIn();
  return (
    <AuthLayout>
      <SecondFactorSetupScreen
        layout="qr"
        otherLayoutPath={pathOfRoute('scp-mobile')}
        onContinue={continueAfterSignIn}
      />
    </AuthLayout>
  );
}
