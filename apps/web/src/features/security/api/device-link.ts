import { deviceLinkStart } from '@app/shared/api/security-settings';
import type { MethodOutput } from '@app/shared/api/method';
import { callMethod } from '../../../lib/api-client';

export type DeviceLink = MethodOutput<typeof deviceLinkStart>;

/** A one-time deep link for the QR code the mobile app scans to link itself. */
export function startDeviceLink(): Promise<DeviceLink> {
  return callMethod(deviceLinkStart, {});
}
