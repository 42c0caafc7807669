import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helper';
import { MessageDeliveryError, sendMails } from './messages';
import { createMessaging } from './messaging';
import { listOutboundMessages } from './outbound-messages.repository';

let database: TestDatabase;
const log = Fastify({ logger: false }).log;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.dispose();
});

async function latestFor(recipient: string) {
  const [message] = await listOutboundMessages(database.handle.db, { recipient, limit: 1 });
  return message;
}

describe('outbox adapters (development default)', () => {
  it('stores a mail whole, with status stored and the returned reference', async () => {
    const { mail } = createMessaging({ config: testConfig(), db: database.handle.db, log });
    expect(mail.transport).toBe('outbox');
    const sent = await mail.send({
      to: 'ana@example.com',
      subject: 'Confirm your e-mail',
      text: 'Open https://x.test/c?t=1',
    });
    expect(await latestFor('ana@example.com')).toMatchObject({
      channel: 'mail',
      subject: 'Confirm your e-mail',
      body: 'Open https://x.test/c?t=1',
      status: 'stored',
      providerReference: sent.reference,
    });
  });

  it('stores many mails at once, each whole, in the order given', async () => {
    const { mail } = createMessaging({ config: testConfig(), db: database.handle.db, log });
    const mails = ['one', 'two', 'three'].map((name) => ({
      to: `${name}@batch.example.com`,
      subject: `Money received, ${name}`,
      text: `Dear ${name},\nit's here.`,
    }));
    const sent = await sendMails(mail, mails);
    const stored = await listOutboundMessages(database.handle.db, { limit: 3 });
    // Newest first: the last one given has the highest id.
    expect(stored.reverse()).toMatchObject(
      mails.map((message, index) => ({
        channel: 'mail',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        status: 'stored',
        providerReference: sent[index]?.reference,
      })),
    );
  });

  it('stores an SMS whole', async () => {
    const { sms } = createMessaging({ config: testConfig(), db: database.handle.db, log });
    expect(sms.transport).toBe('outbox');
    await sms.send({ to: '+40712345678', text: 'Your code is 123456' });
    expect(await latestFor('+40712345678')).toMatchObject({
      channel: 'sms',
      body: 'Your code is 123456',
      status: 'stored',
    });
  });

  it('refuses an SMS to a number that is not E.164, or a subject with a line break', async () => {
    const { mail, sms } = createMessaging({ config: testConfig(), db: database.handle.db, log });
    await expect(sms.send({ to: '0712 345 678', text: 'x' })).rejects.toThrow(/E\.164/);
    await expect(mail.send({ to: 'a@example.com', subject: 'Hi\r\nBcc: b@example.com', text: 'x' })).rejects.toThrow(
      /line break/,
    );
  });
});

describe('adapter choice by configuration', () => {
  it('picks SMTP and the HTTP gateway when configured', () => {
    const base = testConfig();
    const messaging = createMessaging({
      config: {
        mail: { transport: 'smtp', smtpUrl: 'smtp://127.0.0.1:2525', from: base.mail.from },
        sms: { transport: 'http', gatewayUrl: 'https://sms.example/send', gatewayToken: 't' },
      },
      db: database.handle.db,
      log,
    });
    expect(messaging.mail.transport).toBe('smtp');
    expect(messaging.sms.transport).toBe('http');
  });

  it('fails at start when a production transport lacks its settings', () => {
    const base = testConfig();
    expect(() =>
      createMessaging({
        config: { mail: { transport: 'smtp', smtpUrl: undefined, from: base.mail.from }, sms: base.sms },
        db: database.handle.db,
        log,
      }),
    ).toThrow(/SMTP_URL/);
  });
});

/** Just enough SMTP for nodemailer: accepts one message, refuses recipients at refused.example. */
async function startSmtpServer(): Promise<{ port: number; messages: string[]; close: () => Promise<void> }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let isReadingData = false;
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      for (;;) {
        if (isReadingData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          isReadingData = false;
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') socket.write('250-localhost\r\n250 8BITMIME\r\n');
        else if (command === 'MAIL') socket.write('250 OK\r\n');
        else if (command === 'RCPT')
          socket.write(line.includes('@refused.example') ? '550 No such user\r\n' : '250 OK\r\n');
        else if (command === 'DATA') {
          isReadingData = true;
          socket.write('354 Go ahead\r\n');
        } else if (command === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('SMTP adapter', () => {
  it('sends through the relay and records the delivery without its body', async () => {
    const smtp = await startSmtpServer();
    try {
      const { mail } = createMessaging({
        config: {
          ...testConfig(),
          mail: { transport: 'smtp', smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Bank <no-reply@bank.example>' },
        },
        db: database.handle.db,
        log,
      });
      const sent = await mail.send({
        to: 'bob@example.com',
        subject: 'Reset your password',
        text: 'https://x.test/reset?t=secret',
      });
      expect(smtp.messages[0]).toContain('Subject: Reset your password');
      expect(smtp.messages[0]).toContain('https://x.test/reset?t=secret');
      expect(await latestFor('bob@example.com')).toMatchObject({
        channel: 'mail',
        status: 'sent',
        body: null,
        providerReference: sent.reference,
      });

      await expect(mail.send({ to: 'eve@refused.example', subject: 'Hello', text: 'x' })).rejects.toBeInstanceOf(
        MessageDeliveryError,
      );
      expect(await latestFor('eve@refused.example')).toMatchObject({
        status: 'failed',
        body: null,
        providerReference: null,
      });
    } finally {
      await smtp.close();
    }
  });
});

describe('HTTP SMS gateway adapter', () => {
  it('posts JSON with the bearer token, returns the gateway reference and keeps no body', async () => {
    const requests: { authorization: string | undefined; body: unknown }[] = [];
    const gateway = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const parsed = JSON.parse(body) as { to: string };
        requests.push({ authorization: request.headers.authorization, body: parsed });
        const isRefused = parsed.to === '+40700000000';
        response.writeHead(isRefused ? 502 : 200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(isRefused ? { error: 'upstream' } : { messageId: 'gw-42' }));
      });
    });
    gateway.listen(0, '127.0.0.1');
    await once(gateway, 'listening');
    const { port } = gateway.address() as AddressInfo;
    try {
      const { sms } = createMessaging({
        config: {
          ...testConfig(),
          sms: { transport: 'http', gatewayUrl: `http://127.0.0.1:${port}/send`, gatewayToken: 'gateway-token' },
        },
        db: database.handle.db,
        log,
      });
      expect(await sms.send({ to: '+40711111111', text: 'Your code is 654321' })).toEqual({ reference: 'gw-42' });
      expect(requests[0]).toEqual({
        authorization: 'Bearer gateway-token',
        body: { to: '+40711111111', text: 'Your code is 654321' },
      });
      expect(await latestFor('+40711111111')).toMatchObject({ status: 'sent', body: null, providerReference: 'gw-42' });

      await expect(sms.send({ to: '+40700000000', text: 'Your code is 111111' })).rejects.toBeInstanceOf(
        MessageDeliveryError,
      );
      expect(await latestFor('+40700000000')).toMatchObject({ status: 'failed', body: null });
    } finally {
      gateway.close();
    }
  });
});
