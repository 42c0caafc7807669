import { AccessRight } from '@app/shared/constants';
import { WithAccounts } from '../../features/accounts/components/with-accounts';
import { useCustomerInfo } from '../../features/customers/api/get-customer-info';
import { P2PTransferScreen } from '../../features/transfers/routes/p2p-transfer-screen';
import { useRefreshMoney } from './money-refresh';

/** `transfer/p2p`: the send-money screen, given the customer's accounts. */
export default function TransferP2PRoute() {
  const customer = useCustomerInfo().data?.customer;
  const refreshMoney = useRefreshMoney();
  return (
    <WithAccounts>
      {(accounts, accountLabel) => (
        <P2PTransferScreen
          accounts={accounts}
          accountLabel={accountLabel}
          isInitiatorOnly={customer?.accessRights === AccessRight.INITIATE}
          onMoneyMoved={refreshMoney}
        />
      )}
    </WithAccounts>
  );
}
