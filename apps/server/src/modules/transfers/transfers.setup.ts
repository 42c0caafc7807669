import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { DataCipher } from '../../platform/data-encryption';
import type { LiveChannel } from '../../platform/live-channel';
import type { Messaging } from '../../platform/messaging/messages';
import { createSandboxRatesProvider } from './exchange-rates';
import { createLimitsDirectory } from './limits-directory';
import { createP2PBatcher } from './p2p-batches';
import { createSystemAccountDirectory } from './system-accounts';
import type { TransferSettings } from './transfer-settings';
import { ensureTransferReferenceData } from './transfers-reference-data';

/**
 * Start-up of the transfers domain for app.ts: its settings, and the reference data every
 * environment needs (rates, limits, the fees and FX accounts), written only where absent, and the
 * in-memory directories of the reference data every transfer reads (limits, system accounts). Rates
 * come from the sandbox provider; a production market-data adapter would be chosen here by
 * configuration.
 */
export async function setUpTransfers(params: {
  db: Database;
  live: Pick<LiveChannel, 'publish' | 'publishAfterCommit' | 'notificationsOf'>;
  messaging: Messaging;
  cipher: DataCipher;
  brand: string;
  log: FastifyBaseLogger;
}): Promise<TransferSettings> {
  const rates = createSandboxRatesProvider();
  await ensureTransferReferenceData(params.db, { providerName: rates.name });
  const settings: TransferSettings = {
    live: params.live,
    messaging: params.messaging,
    cipher: params.cipher,
    brand: params.brand,
    rates,
    systemAccounts: createSystemAccountDirectory(),
    limits: createLimitsDirectory(),
    p2pBatches: null,
  };
  settings.p2pBatches = createP2PBatcher(params.db, settings, params.log);
  return settings;
}
