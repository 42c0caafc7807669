/**
 * The security notices (audit entry and e-mail) as the auth domain's security changes use them:
 * two-step verification, password, devices and sessions change in auth, and are recorded here.
 */
export { recordSecurityChange, sendSecurityChangeMail } from './security-notice';
