import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_CODE_CHALLENGE, testConfig, type TestDatabase } from '../test/helper';
import { buildApp, type BuiltApp } from './app';

/** Secrets never reach the logs (DESIGN.md §6): checked on the lines pino actually writes. */
const PASSWORD = 'Correct-Horse-Battery-7731';
const BEARER_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.secret-token-payload.signature9';
const CARD_NUMBER = '4111111111111111';

let database: TestDatabase;
let built: BuiltApp;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  built = await buildApp({
    config: testConfig({ logLevel: 'trace' }),
    database: database.handle,
    logStream: { write: (line) => lines.push(line) },
  });
  // A careless handler that logs whole headers and bodies, the way a bug would.
  built.app.post('/log-probe', (request, reply) => {
    request.log.info({ headers: request.headers, body: request.body }, 'probe');
    request.log.info({ req: { headers: request.headers } }, 'probe as req');
    request.log.info({ password: PASSWORD, input: { card: { cardNumber: CARD_NUMBER } } }, 'probe nested');
    return reply.send({ responseCode: '00' });
  });
  await built.app.ready();
});

afterAll(async () => {
  await built.app.close();
  await database.dispose();
});

describe('request log', () => {
  it('records the X-Client-Version of each request', async () => {
    lines.length = 0;
    await built.app.inject({
      method: 'POST',
      url: '/api?method=customerInfoGet',
      headers: { 'x-client-version': '2.1.2' },
      payload: { method: 'customerInfoGet' },
    });
    const incoming = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { clientVersion?: string } });
    expect(incoming.find((line) => line.msg === 'incoming request')?.req?.clientVersion).toBe('2.1.2');
  });
});

describe('log redaction', () => {
  it('keeps a password and an Authorization header out of the request logs', async () => {
    lines.length = 0;
    await built.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { authorization: `Bearer ${BEARER_TOKEN}` },
      payload: {
        client: 'web',
        username: 'nobody@example.com',
        password: PASSWORD,
        codeChallenge: TEST_CODE_CHALLENGE,
      },
    });
    const output = lines.join('');
    expect(output).toContain('incoming request');
    expect(output).not.toContain(PASSWORD);
    expect(output).not.toContain(BEARER_TOKEN);
  });

  it('redacts them even when a handler logs whole headers and bodies', async () => {
    lines.length = 0;
    await built.app.inject({
      method: 'POST',
      url: '/log-probe',
      headers: { authorization: `Bearer ${BEARER_TOKEN}`, cookie: `session=${BEARER_TOKEN}` },
      payload: { username: 'ana@example.com', password: PASSWORD, card: { cardNumber: CARD_NUMBER } },
    });
    const output = lines.join('');
    expect(output).toContain('probe nested');
    expect(output).toContain('ana@example.com');
    expect(output).toContain('[redacted]');
    for (const secret of [PASSWORD, BEARER_TOKEN, CARD_NUMBER]) expect(output).not.toContain(secret);
  });
});
