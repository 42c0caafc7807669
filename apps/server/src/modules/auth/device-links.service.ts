import { DEVICE_LINK_TTL_SECONDS } from '@app/shared/api/security-settings';
import type { Device, DeviceCreateRequest } from '@app/shared/api/devices';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deviceLinkTokens } from '../../db/schema/security-factors';
import type { Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import * as customersService from '../customers/customers.service';
import { recordSecurityChange } from '../security/two-step-notice.service';
import { newRandomToken, sha256Hex } from './auth-secrets';
import { createDevice } from './devices.service';
import { assertRecentAuthentication } from './reauthentication.service';

/**
 * Linking a phone by QR code: the settings screen (after a recent authentication) shows a deep
 * link carrying a one-time token; the mobile app opens it and links itself as an active device.
 * The token proves the signed-in user asked for it minutes ago, so no further approval is needed.
 *
 * Where development tools run, the deep link is an https address of this server that opens the
 * device companion (/dev/device), so scanning the code with any phone camera plays the app. The
 * token travels in the fragment: browsers never send it to the server, so it stays out of
 * request logs and Referer headers. Elsewhere it is the mobile app's own scheme.
 */
export const DEVICE_COMPANION_PATH = '/dev/device';

const LINK_EXPIRED_TEXT = 'This link has expired or was used. Show a new QR code on the website.';

export function deviceLinkDeeplinkOf(params: { token: string; brand: string; companionOrigin: string | null }): string {
  const token = encodeURIComponent(params.token);
  return params.companionOrigin === null
    ? `${params.brand}://device-link?token=${token}`
    : `${params.companionOrigin}${DEVICE_COMPANION_PATH}#link=${token}`;
}

/** The origin the browser used to reach this server (through the trusted proxies only). */
export function requestOriginOf(request: { protocol: string; host: string }): string {
  return `${request.protocol}://${request.host}`;
}

export async function startDeviceLink(
  db: Database,
  params: {
    session: Session;
    brand: string;
    /** This server's origin when the device companion is served (development and test); else null. */
    companionOrigin: string | null;
  },
): Promise<{ deeplink: string; expiresInSeconds: number }> {
  await assertRecentAuthentication(db, params.session);
  const token = newRandomToken();
  await db.insert(deviceLinkTokens).values({
    userId: params.session.userId,
    tokenHash: sha256Hex(token),
    expiresAt: sql`now() + make_interval(secs => ${DEVICE_LINK_TTL_SECONDS})`,
  });
  return {
    deeplink: deviceLinkDeeplinkOf({ token, brand: params.brand, companionOrigin: params.companionOrigin }),
    expiresInSeconds: DEVICE_LINK_TTL_SECONDS,
  };
}

/**
 * What the phone shows before it links: the account the token would link it to. Reading does not
 * use the token up; a used, expired or unknown token is refused as completing it would be.
 */
export async function previewDeviceLink(
  db: Database,
  params: { token: string },
): Promise<{ email: string; expiresAt: Date }> {
  const [pending] = await db
    .select({ userId: deviceLinkTokens.userId, expiresAt: deviceLinkTokens.expiresAt })
    .from(deviceLinkTokens)
    .where(
      and(
        eq(deviceLinkTokens.tokenHash, sha256Hex(params.token)),
        isNull(deviceLinkTokens.usedAt),
        gt(deviceLinkTokens.expiresAt, sql`now()`),
      ),
    );
  const user = pending === undefined ? null : await customersService.findSignInUserById(db, { userId: pending.userId });
  if (pending === undefined || user?.status !== 'active') throw errors.auth(LINK_EXPIRED_TEXT);
  return { email: user.email, expiresAt: pending.expiresAt };
}

export async function completeDeviceLink(
  db: Database,
  params: { token: string; input: DeviceCreateRequest; ip: string },
): Promise<{ device: Device; secret: string; userId: number }> {
  const [claimed] = await db
    .update(deviceLinkTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(deviceLinkTokens.tokenHash, sha256Hex(params.token)),
        isNull(deviceLinkTokens.usedAt),
        gt(deviceLinkTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: deviceLinkTokens.id, userId: deviceLinkTokens.userId });
  const user = claimed === undefined ? null : await customersService.findSignInUserById(db, { userId: claimed.userId });
  if (claimed === undefined || user?.status !== 'active') {
    throw errors.auth(LINK_EXPIRED_TEXT);
  }
  const linked = await createDevice(db, {
    userId: claimed.userId,
    input: params.input,
    ip: params.ip,
    status: 'active',
  });
  await db.transaction(async (tx) => {
    await tx.update(deviceLinkTokens).set({ deviceId: linked.device.id }).where(eq(deviceLinkTokens.id, claimed.id));
    await recordSecurityChange(tx, {
      actorUserId: claimed.userId,
      customerId: null,
      action: 'security.deviceLinked',
      details: { deviceId: linked.device.id, by: 'qrLink' },
      ip: params.ip,
    });
  });
  return { ...linked, userId: claimed.userId };
}
