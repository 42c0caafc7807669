import { WithAccounts } from '../../features/accounts/components/with-accounts';
import { HistoryScreen } from '../../features/history/routes/history-screen';

/** `history`: the transaction history, filtered by the customer's accounts among others. */
export default function HistoryRoute() {
  return (
    <WithAccounts>
      {(accounts, accountLabel) => <HistoryScreen accounts={accounts} accountLabel={accountLabel} />}
    </WithAccounts>
  );
}
