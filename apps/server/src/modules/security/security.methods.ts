import {
  blacklistAdd,
  BLACKLIST_ADDED_TEXT,
  blacklistDelete,
  blacklistList,
  ipAllowListAdd,
  ipAllowListDelete,
  ipAllowListGet,
  ipAllowListModeSet,
  isNotificationSettingId,
  legalInfoGet,
  notificationSettingsGet,
  notificationSettingsSet,
} from '@app/shared/api/security';
import { errors } from '../../platform/errors';
import { handleMethod, type MethodContext, type RegisteredMethod } from '../../platform/main-api';
import { userProfileOf } from '../customers/customers.service';
import { addToBlacklist, BlockType, listBlacklist, removeFromBlacklist } from './blacklist.service';
import * as ipAllowList from './ip-allow-list.service';
import { legalInfoOf } from './legal';
import { notificationSettingsOf, setNotificationSettings } from './notification-settings.service';
import { sendSecurityChangeMail, type SecurityChangeAction } from './security-notice';

/**
 * Main-API methods of the security settings: validate (the catalogue's zod), authorize (the
 * dispatcher resolved the acting customer; entry ids are checked against it in the services),
 * call one service function, answer. Every change is mailed to the user after it committed.
 */

export interface SecurityMethodsSettings {
  brand: string;
}

interface Actor {
  userId: number;
  customerId: number;
  ip: string;
}

function actorOf(context: MethodContext): Actor {
  if (context.session === null) throw errors.auth('Please sign in to continue.');
  if (context.customerId === null) throw errors.noAccess('Choose the customer to act for first.');
  return { userId: context.session.userId, customerId: context.customerId, ip: context.request.ip };
}

function userOf(context: MethodContext): { userId: number; customerId: number | null; ip: string } {
  if (context.session === null) throw errors.auth('Please sign in to continue.');
  return { userId: context.session.userId, customerId: context.customerId, ip: context.request.ip };
}

async function notify(
  context: MethodContext,
  settings: SecurityMethodsSettings,
  userId: number,
  action: SecurityChangeAction,
): Promise<void> {
  const { server } = context.request;
  const profile = await userProfileOf(context.db, { userId });
  if (profile === null) return;
  await sendSecurityChangeMail(
    server.messaging,
    settings.brand,
    { email: profile.email, action, language: context.lang },
    context.request.log,
  );
}

export function securityMethods(settings: SecurityMethodsSettings): RegisteredMethod[] {
  return [
    handleMethod(ipAllowListGet, (_input, context) => {
      const actor = actorOf(context);
      return ipAllowList.listOf(context.db, { customerId: actor.customerId, ip: actor.ip });
    }),
    handleMethod(ipAllowListAdd, async (input, context) => {
      const actor = actorOf(context);
      const entry = await ipAllowList.addEntry(context.db, actor, { ip: input.ip, toIp: input.toIp });
      await notify(context, settings, actor.userId, 'security.ipAllowListChanged');
      return { entry };
    }),
    handleMethod(ipAllowListDelete, async (input, context) => {
      const actor = actorOf(context);
      await ipAllowList.deleteEntry(context.db, actor, { id: input.id, isConfirmed: input.confirmed === true });
      await notify(context, settings, actor.userId, 'security.ipAllowListChanged');
      return {};
    }),
    handleMethod(ipAllowListModeSet, async (input, context) => {
      const actor = actorOf(context);
      const result = await ipAllowList.setMode(context.db, actor, {
        enable: input.enable,
        isConfirmed: input.confirmed === true,
      });
      if (result.isChanged) await notify(context, settings, actor.userId, 'security.ipAllowListModeChanged');
      return { accessIpMode: result.accessIpMode };
    }),
    handleMethod(blacklistList, (input, context) => {
      const actor = actorOf(context);
      return listBlacklist(context.db, { customerId: actor.customerId, ...input });
    }),
    handleMethod(blacklistAdd, async (input, context) => {
      const actor = actorOf(context);
      const entry = await addToBlacklist(context.db, actor, {
        email: input.email,
        // The catalogue admits only the block types that exist; transfers is the only one so far.
        blockType: BlockType.TRANSFERS,
      });
      await notify(context, settings, actor.userId, 'security.blacklistChanged');
      return { responseDescription: BLACKLIST_ADDED_TEXT, entry };
    }),
    handleMethod(blacklistDelete, async (input, context) => {
      const actor = actorOf(context);
      await removeFromBlacklist(context.db, actor, { email: input.email });
      await notify(context, settings, actor.userId, 'security.blacklistChanged');
      return {};
    }),
    handleMethod(notificationSettingsGet, async (_input, context) => {
      const user = userOf(context);
      return { settings: await notificationSettingsOf(context.db, user) };
    }),
    handleMethod(notificationSettingsSet, async (input, context) => {
      const user = userOf(context);
      const result = await setNotificationSettings(context.db, user, {
        // The catalogue's refinement admitted only known ids.
        settings: input.settings.flatMap((setting) =>
          isNotificationSettingId(setting.identified) ? [{ identified: setting.identified, value: setting.value }] : [],
        ),
      });
      if (result.isChanged) await notify(context, settings, user.userId, 'security.notificationSettingsChanged');
      return { settings: result.settings };
    }),
    handleMethod(legalInfoGet, (_input, context) => {
      const user = userOf(context);
      return legalInfoOf(context.db, { userId: user.userId, brand: settings.brand });
    }),
  ];
}
