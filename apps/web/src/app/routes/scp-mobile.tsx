import { SecondFactorSetupScreen } from '../../features/auth/components/second-factor-setup-screen';
import { AuthLayout } from '../layouts/auth-layout';
import { useContinueAfterSignIn } from '../post-login/post-login-navigation';
import { pathOfRoute } from '../route-registry';

/** `scp-mobile`: the same on the phone that holds the authenticator: a link into the app, no QR code. */
export default function ScpMobileRoute() {
  const continueAfterSignIn = useContinueAfterSignIn();
  return (
    <AuthLayout>
      <SecondFactorSetupScreen layout="phone" otherLayoutPath={pathOfRoute('scp')} onContinue={continueAfterSignIn} />
    </AuthLayout>
  );
}
