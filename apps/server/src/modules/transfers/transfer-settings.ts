import type { Language } from '@app/shared/constants';
import type { Session } from '../../platform/access-token';
import type { DataCipher } from '../../platform/data-encryption';
import type { LiveChannel } from '../../platform/live-channel';
import type { Messaging } from '../../platform/messaging/messages';
import type { RatesProvider } from './exchange-rates';
import type { LimitsDirectory } from './limits-directory';
import type { P2PBatcher } from './p2p-batches';
import type { SystemAccountDirectory } from './system-accounts';

/** What the transfers domain needs from the platform, handed over by app.ts. */
export interface TransferSettings {
  /**
   * Events of approvals and standing orders leave with the transaction that made them; the payee's
   * "money received" is published once its transfer committed (see transfer-execution.ts), or by
   * the statement that writes a P2P batch (p2p-batches.ts).
   */
  live: Pick<LiveChannel, 'publish' | 'publishAfterCommit' | 'notificationsOf'>;
  /** Approval codes by SMS or e-mail, and the payee's e-mail. */
  messaging: Messaging;
  /** Decrypts the user's TOTP secret to check an authenticator code. */
  cipher: DataCipher;
  /** Names the sender in codes and mails. */
  brand: string;
  rates: RatesProvider;
  systemAccounts: SystemAccountDirectory;
  limits: LimitsDirectory;
  /** The group commit of plain P2P transfers (p2p-batches.ts); null: every transfer on its own. */
  p2pBatches: P2PBatcher | null;
}

/** Who acts: the user of the session, for the customer the dispatcher resolved. */
export interface Actor {
  session: Session;
  customerId: number;
  ip: string | null;
  /** What the customer reads: the codes sent to approve a transfer are written in it. */
  language: Language;
}
