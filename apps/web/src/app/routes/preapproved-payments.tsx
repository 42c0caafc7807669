import { WithAccounts } from '../../features/accounts/components/with-accounts';
import { PreapprovedPaymentsScreen } from '../../features/transfers/routes/preapproved-payments-screen';

/** `transfer/preapproved-payments`: recurring transfers, named by the customer's accounts. */
export default function PreapprovedPaymentsRoute() {
  return (
    <WithAccounts>
      {(accounts, accountLabel) => <PreapprovedPaymentsScreen accounts={accounts} accountLabel={accountLabel} />}
    </WithAccounts>
  );
}
