import { LANGUAGES } from '@app/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helper';
import { auditLog } from '../../db/schema/platform';
import type { MailMessage, Messaging } from '../../platform/messaging/messages';
import {
  recordSecurityChange,
  SECURITY_CHANGE_ACTIONS,
  securityChangeMailText,
  sendSecurityChangeMail,
} from './security-notice';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.dispose();
});

function capturingMessaging(fail = false): { messaging: Messaging; sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  const messaging: Messaging = {
    mail: {
      transport: 'outbox',
      send: (message) => {
        if (fail) return Promise.reject(new Error('relay down'));
        sent.push(message);
        return Promise.resolve({ reference: 'm-1' });
      },
    },
    sms: { transport: 'outbox', send: () => Promise.reject(new Error('no SMS expected')) },
  };
  return { messaging, sent };
}

describe('recordSecurityChange', () => {
  it('writes the audit row inside the caller transaction, and none when it rolls back', async () => {
    const db = database.handle.db;
    await db.transaction(async (tx) => {
      await recordSecurityChange(tx, {
        actorUserId: 5,
        customerId: 9101,
        action: 'security.ipAllowListModeChanged',
        details: { from: 0, to: 1 },
        ip: '203.0.113.7',
      });
    });
    await expect(
      db.transaction(async (tx) => {
        await recordSecurityChange(tx, {
          actorUserId: 5,
          customerId: 9101,
          action: 'security.blacklistChanged',
          ip: null,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await db.select().from(auditLog).where(eq(auditLog.customerId, 9101));
    expect(rows).toMatchObject([
      { actorUserId: 5, action: 'security.ipAllowListModeChanged', details: { from: 0, to: 1 }, ip: '203.0.113.7' },
    ]);
  });
});

describe('security change mail', () => {
  it('has a subject and a text for every action in every language', () => {
    for (const language of LANGUAGES) {
      for (const action of SECURITY_CHANGE_ACTIONS) {
        const mail = securityChangeMailText('harbor', { email: 'a@example.com', action, language });
        expect(mail.subject).toContain('Harbor');
        expect(mail.text).toContain('support@harbor.example');
        expect(mail.subject).not.toMatch(/[\r\n]/);
      }
    }
  });

  it('says what changed, when, and what to do if it was not the customer', () => {
    const mail = securityChangeMailText('lumen', {
      email: 'a@example.com',
      action: 'security.ipAllowListChanged',
      language: 'en',
      at: new Date('2026-03-04T05:06:07Z'),
    });
    expect(mail.text).toContain('The list of IP addresses allowed to use your account was changed.');
    expect(mail.text).toContain('2026-03-04 05:06 (UTC)');
    expect(mail.text).toContain('If it was not you, change your password now');
    expect(mail.text).toContain('support@lumen.example');
  });

  it('writes in the customer language', () => {
    const mail = securityChangeMailText('harbor', {
      email: 'a@example.com',
      action: 'security.passwordChanged',
      language: 'ru',
    });
    expect(mail.text).toContain('Пароль вашего аккаунта изменён.');
  });

  it('names an unknown brand without support details rather than failing', () => {
    const mail = securityChangeMailText('north-star', {
      email: 'a@example.com',
      action: 'security.deviceLinked',
      language: 'en',
    });
    expect(mail.subject).toContain('North Star');
    expect(mail.text).not.toContain('()');
  });

  it('sends the mail to the customer', async () => {
    const { messaging, sent } = capturingMessaging();
    await sendSecurityChangeMail(messaging, 'harbor', {
      email: 'owner@example.com',
      action: 'security.notificationSettingsChanged',
      language: 'es',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'owner@example.com' });
    expect(sent[0]?.text).toContain('configuración de notificaciones');
  });

  it('logs a failed delivery and does not throw', async () => {
    const { messaging } = capturingMessaging(true);
    const log = { error: vi.fn() };
    await expect(
      sendSecurityChangeMail(
        messaging,
        'harbor',
        { email: 'owner@example.com', action: 'security.twoStepChanged', language: 'en' },
        log,
      ),
    ).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledOnce();
  });
});
