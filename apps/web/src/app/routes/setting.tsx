import { IpAllowListSection } from '../../features/access-lists/components/ip-allow-list-section';
import { SettingScreen } from '../../features/security/routes/setting-screen';

/** `setting`: account security, with the IP allow-list of the access-lists feature as one of its sections. */
export default function SettingRoute() {
  return <SettingScreen extraSections={<IpAllowListSection />} />;
}
