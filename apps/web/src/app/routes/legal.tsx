import { LegalScreen } from '../../features/preferences/routes/legal-screen';

/** `legal`: the provider's legal details and the user's accepted agreements. */
export default function LegalRoute() {
  return <LegalScreen />;
}
