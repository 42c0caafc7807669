import { LoginHistoryScreen } from '../../features/security/routes/login-history-screen';

/** `login-history`: the sign-in attempts on the account. */
export default function LoginHistoryRoute() {
  return <LoginHistoryScreen />;
}
