import { type BrandId, BRAND_IDS, isBrandId } from './brand';
import { BRAND_DIRECTORY } from './brand-directory';
import { DEFAULT_BRAND_ID } from './brands';

export interface BrandResolutionInput {
  /** The stored dev-switcher choice; honoured only when dev tools are on. */
  devSwitcherValue: string | null;
  isDevToolsEnabled: boolean;
  hostname: string;
  /** The `app-brand` meta value the server writes into index.html, or null when absent/unreplaced. */
  metaBrand: string | null;
}

/** Dev switcher → brand owning the host name → server meta → the main brand. */
export function resolveBrandId(input: BrandResolutionInput): BrandId {
  if (input.isDevToolsEnabled && isBrandId(input.devSwitcherValue)) return input.devSwitcherValue;
  const hostname = input.hostname.toLowerCase();
  const byHost = BRAND_IDS.find((id) => BRAND_DIRECTORY[id].hostnames.includes(hostname));
  if (byHost) return byHost;
  if (isBrandId(input.metaBrand)) return input.metaBrand;
  return DEFAULT_BRAND_ID;
}
