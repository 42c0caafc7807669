import { AccessRight } from '@app/shared/constants';
import { WithAccounts } from '../../features/accounts/components/with-accounts';
import { useCustomerInfo } from '../../features/customers/api/get-customer-info';
import { OwnTransferScreen } from '../../features/transfers/routes/own-transfer-screen';
import { useRefreshMoney } from './money-refresh';

/** `transfer/account`: the transfers screen, given the customer's accounts. */
export default function TransferAccountRoute() {
  const customer = useCustomerInfo().data?.customer;
  const refreshMoney = useRefreshMoney();
  return (
    <WithAccounts>
      {(accounts, accountLabel) => (
        <OwnTransferScreen
          accounts={accounts}
          accountLabel={accountLabel}
          isInitiatorOnly={customer?.accessRights === AccessRight.INITIATE}
          onMoneyMoved={refreshMoney}
        />
      )}
    </WithAccounts>
  );
}
