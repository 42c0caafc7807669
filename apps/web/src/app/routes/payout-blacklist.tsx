import { PayoutBlacklistScreen } from '../../features/access-lists/routes/payout-blacklist-screen';

/** `payout-blacklist`: the e-mails the customer neither pays nor accepts money from. */
export default function PayoutBlacklistRoute() {
  return <PayoutBlacklistScreen />;
}
