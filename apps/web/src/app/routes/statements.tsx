import { WithAccounts } from '../../features/accounts/components/with-accounts';
import { StatementsScreen } from '../../features/history/routes/statements-screen';

/** `statements`: monthly statements of each of the customer's accounts. */
export default function StatementsRoute() {
  return (
    <WithAccounts>
      {(accounts, accountLabel) => <StatementsScreen accounts={accounts} accountLabel={accountLabel} />}
    </WithAccounts>
  );
}
