import { brandLegalOf, isLegalBrandId } from '@app/shared/brand-legal';
import type { Language } from '@app/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import type { Messaging } from '../../platform/messaging/messages';
import { brandNameOf } from '../auth/auth.service';

/**
 * Every change of a security setting leaves two traces (issue 6, DESIGN.md §6): an audit-log row
 * written in the same transaction as the change, and an e-mail to the customer after the commit,
 * saying what changed and what to do if it was not them. The mail is not switchable in the
 * notification settings: someone who took over a session must not be able to silence it.
 */
export const SECURITY_CHANGE_ACTIONS = [
  'security.twoStepChanged',
  'security.passwordChanged',
  'security.deviceLinked',
  'security.deviceRemoved',
  'security.sessionsEnded',
  'security.ipAllowListChanged',
  'security.ipAllowListModeChanged',
  'security.blacklistChanged',
  'security.notificationSettingsChanged',
  'security.recoveryCodesRegenerated',
] as const;

export type SecurityChangeAction = (typeof SECURITY_CHANGE_ACTIONS)[number];

/** The brand key as stored on the user or configured for the deployment (`harbor`, `lumen`…). */
export type Brand = string;

export interface SecurityChange {
  actorUserId: number;
  customerId: number | null;
  action: SecurityChangeAction;
  /** Ids, old and new modes; never secrets, codes or addresses typed as credentials. */
  details?: Record<string, unknown>;
  ip: string | null;
}

/** Call with the transaction that makes the change, so the row exists exactly when the change does. */
export async function recordSecurityChange(tx: Database, change: SecurityChange): Promise<void> {
  await recordAudit(tx, {
    actorUserId: change.actorUserId,
    customerId: change.customerId,
    action: change.action,
    details: change.details,
    ip: change.ip,
  });
}

interface NoticeTexts {
  subject: (brand: string) => string;
  /** One sentence per action: what changed. */
  changed: Record<SecurityChangeAction, string>;
  body: (facts: { brand: string; what: string; when: string; contact: string | null }) => string;
}

const en: NoticeTexts = {
  subject: (brand) => `Security settings of your ${brand} account were changed`,
  changed: {
    'security.twoStepChanged': 'The two-step verification method of your account was changed.',
    'security.passwordChanged': 'The password of your account was changed.',
    'security.deviceLinked': 'A new device was linked to your account.',
    'security.deviceRemoved': 'A linked device was removed from your account.',
    'security.sessionsEnded': 'Signed-in sessions of your account were ended.',
    'security.ipAllowListChanged': 'The list of IP addresses allowed to use your account was changed.',
    'security.ipAllowListModeChanged': 'Access from allowed IP addresses only was turned on or off for your account.',
    'security.blacklistChanged': 'The payout blacklist of your account was changed.',
    'security.notificationSettingsChanged': 'The notification settings of your account were changed.',
    'security.recoveryCodesRegenerated':
      'New recovery codes were created for your account; the old ones no longer work.',
  },
  body: ({ brand, what, when, contact }) => `Hello,

${what}
Time of the change: ${when} (UTC).

If it was you, there is nothing else to do.

If it was not you, change your password now and contact ${brand} support${contact === null ? '' : ` (${contact})`}: someone may be using your account.`,
};

const es: NoticeTexts = {
  subject: (brand) => `Se ha modificado la configuración de seguridad de tu cuenta de ${brand}`,
  changed: {
    'security.twoStepChanged': 'Se ha cambiado el método de verificación en dos pasos de tu cuenta.',
    'security.passwordChanged': 'Se ha cambiado la contraseña de tu cuenta.',
    'security.deviceLinked': 'Se ha vinculado un nuevo dispositivo a tu cuenta.',
    'security.deviceRemoved': 'Se ha eliminado un dispositivo vinculado de tu cuenta.',
    'security.sessionsEnded': 'Se han cerrado sesiones iniciadas en tu cuenta.',
    'security.ipAllowListChanged': 'Se ha modificado la lista de direcciones IP autorizadas para usar tu cuenta.',
    'security.ipAllowListModeChanged':
      'Se ha activado o desactivado el acceso solo desde direcciones IP autorizadas en tu cuenta.',
    'security.blacklistChanged': 'Se ha modificado la lista negra de pagos de tu cuenta.',
    'security.notificationSettingsChanged': 'Se ha modificado la configuración de notificaciones de tu cuenta.',
    'security.recoveryCodesRegenerated':
      'Se han creado nuevos códigos de recuperación para tu cuenta; los anteriores ya no funcionan.',
  },
  body: ({ brand, what, when, contact }) => `Hola:

${what}
Hora del cambio: ${when} (UTC).

Si has sido tú, no tienes que hacer nada más.

Si no has sido tú, cambia tu contraseña ahora y contacta con el servicio de atención al cliente de ${brand}${contact === null ? '' : ` (${contact})`}: alguien podría estar usando tu cuenta.`,
};

const ro: NoticeTexts = {
  subject: (brand) => `Setările de securitate ale contului tău ${brand} au fost modificate`,
  changed: {
    'security.twoStepChanged': 'Metoda de verificare în doi pași a contului tău a fost schimbată.',
    'security.passwordChanged': 'Parola contului tău a fost schimbată.',
    'security.deviceLinked': 'Un dispozitiv nou a fost asociat contului tău.',
    'security.deviceRemoved': 'Un dispozitiv asociat a fost eliminat din contul tău.',
    'security.sessionsEnded': 'Sesiuni autentificate ale contului tău au fost închise.',
    'security.ipAllowListChanged': 'Lista adreselor IP permise pentru contul tău a fost modificată.',
    'security.ipAllowListModeChanged':
      'Accesul doar de la adrese IP permise a fost activat sau dezactivat pentru contul tău.',
    'security.blacklistChanged': 'Lista neagră de plăți a contului tău a fost modificată.',
    'security.notificationSettingsChanged': 'Setările de notificare ale contului tău au fost modificate.',
    'security.recoveryCodesRegenerated':
      'Au fost create coduri de recuperare noi pentru contul tău; cele vechi nu mai funcționează.',
  },
  body: ({ brand, what, when, contact }) => `Bună ziua,

${what}
Ora modificării: ${when} (UTC).

Dacă ai fost tu, nu mai trebuie să faci nimic.

Dacă nu ai fost tu, schimbă-ți parola acum și contactează asistența ${brand}${contact === null ? '' : ` (${contact})`}: este posibil ca altcineva să îți folosească contul.`,
};

const ru: NoticeTexts = {
  subject: (brand) => `Настройки безопасности вашего аккаунта ${brand} изменены`,
  changed: {
    'security.twoStepChanged': 'Способ двухэтапной проверки вашего аккаунта изменён.',
    'security.passwordChanged': 'Пароль вашего аккаунта изменён.',
    'security.deviceLinked': 'К вашему аккаунту привязано новое устройство.',
    'security.deviceRemoved': 'Привязанное устройство удалено из вашего аккаунта.',
    'security.sessionsEnded': 'Активные сеансы вашего аккаунта завершены.',
    'security.ipAllowListChanged': 'Список IP-адресов, с которых разрешён доступ к аккаунту, изменён.',
    'security.ipAllowListModeChanged':
      'Доступ только с разрешённых IP-адресов включён или выключен для вашего аккаунта.',
    'security.blacklistChanged': 'Чёрный список выплат вашего аккаунта изменён.',
    'security.notificationSettingsChanged': 'Настройки уведомлений вашего аккаунта изменены.',
    'security.recoveryCodesRegenerated':
      'Для вашего аккаунта созданы новые коды восстановления; старые больше не действуют.',
  },
  body: ({ brand, what, when, contact }) => `Здравствуйте!

${what}
Время изменения: ${when} (UTC).

Если это были вы, больше ничего делать не нужно.

Если это были не вы, немедленно смените пароль и свяжитесь со службой поддержки ${brand}${contact === null ? '' : ` (${contact})`}: возможно, вашим аккаунтом пользуется кто-то другой.`,
};

const ua: NoticeTexts = {
  subject: (brand) => `Налаштування безпеки вашого облікового запису ${brand} змінено`,
  changed: {
    'security.twoStepChanged': 'Спосіб двоетапної перевірки вашого облікового запису змінено.',
    'security.passwordChanged': 'Пароль вашого облікового запису змінено.',
    'security.deviceLinked': 'До вашого облікового запису прив’язано новий пристрій.',
    'security.deviceRemoved': 'Прив’язаний пристрій видалено з вашого облікового запису.',
    'security.sessionsEnded': 'Активні сеанси вашого облікового запису завершено.',
    'security.ipAllowListChanged': 'Список IP-адрес, з яких дозволено доступ до облікового запису, змінено.',
    'security.ipAllowListModeChanged':
      'Доступ лише з дозволених IP-адрес увімкнено або вимкнено для вашого облікового запису.',
    'security.blacklistChanged': 'Чорний список виплат вашого облікового запису змінено.',
    'security.notificationSettingsChanged': 'Налаштування сповіщень вашого облікового запису змінено.',
    'security.recoveryCodesRegenerated':
      'Для вашого облікового запису створено нові коди відновлення; старі більше не діють.',
  },
  body: ({ brand, what, when, contact }) => `Вітаємо!

${what}
Час зміни: ${when} (UTC).

Якщо це були ви, більше нічого робити не потрібно.

Якщо це були не ви, негайно змініть пароль і зверніться до служби підтримки ${brand}${contact === null ? '' : ` (${contact})`}: можливо, вашим обліковим записом користується хтось інший.`,
};

const pt: NoticeTexts = {
  subject: (brand) => `As definições de segurança da sua conta ${brand} foram alteradas`,
  changed: {
    'security.twoStepChanged': 'O método de verificação em dois passos da sua conta foi alterado.',
    'security.passwordChanged': 'A palavra-passe da sua conta foi alterada.',
    'security.deviceLinked': 'Foi associado um novo dispositivo à sua conta.',
    'security.deviceRemoved': 'Foi removido um dispositivo associado da sua conta.',
    'security.sessionsEnded': 'Foram terminadas sessões iniciadas na sua conta.',
    'security.ipAllowListChanged': 'A lista de endereços IP autorizados a usar a sua conta foi alterada.',
    'security.ipAllowListModeChanged':
      'O acesso apenas a partir de endereços IP autorizados foi ativado ou desativado na sua conta.',
    'security.blacklistChanged': 'A lista negra de pagamentos da sua conta foi alterada.',
    'security.notificationSettingsChanged': 'As definições de notificação da sua conta foram alteradas.',
    'security.recoveryCodesRegenerated':
      'Foram criados novos códigos de recuperação para a sua conta; os anteriores deixaram de funcionar.',
  },
  body: ({ brand, what, when, contact }) => `Olá,

${what}
Hora da alteração: ${when} (UTC).

Se foi você, não precisa de fazer mais nada.

Se não foi você, altere já a sua palavra-passe e contacte o apoio ao cliente ${brand}${contact === null ? '' : ` (${contact})`}: alguém pode estar a usar a sua conta.`,
};

const NOTICE_TEXTS: Record<Language, NoticeTexts> = { en, es, ro, ru, ua, pt };

export interface SecurityChangeMail {
  email: string;
  action: SecurityChangeAction;
  language: Language;
  /** When the change happened; now by default. */
  at?: Date;
}

/** The mail's subject and text, without sending it (also what the tests read). */
export function securityChangeMailText(brand: Brand, mail: SecurityChangeMail): { subject: string; text: string } {
  const texts = NOTICE_TEXTS[mail.language];
  const legal = isLegalBrandId(brand) ? brandLegalOf(brand) : null;
  const brandName = legal?.brandName ?? brandNameOf(brand);
  const contact = legal === null ? null : `${legal.supportEmail}, ${legal.supportPhone}`;
  const when = (mail.at ?? new Date()).toISOString().slice(0, 16).replace('T', ' ');
  return {
    subject: texts.subject(brandName),
    text: texts.body({ brand: brandName, what: texts.changed[mail.action], when, contact }),
  };
}

/**
 * Sends the notice. Call it after the change has committed; it never throws, because a mail that
 * could not leave must not undo (or appear to undo) a change that already took effect. Pass `log`
 * to have the failure logged; the delivery itself is recorded by the messaging adapter.
 */
export async function sendSecurityChangeMail(
  messaging: Messaging,
  brand: Brand,
  mail: SecurityChangeMail,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  try {
    await messaging.mail.send({ to: mail.email, ...securityChangeMailText(brand, mail) });
  } catch (error) {
    log?.error({ err: error, action: mail.action }, 'security change notice could not be sent');
  }
}
