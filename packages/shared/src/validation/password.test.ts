import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_PROBLEM_TEXT,
  passwordLengthOf,
  personalInputsOf,
} from './password';

describe('password rule', () => {
  it('accepts long passphrases and mixed passwords nobody guesses', async () => {
    for (const password of ['correct horse battery staple', 'Tr0ub4dor&3xyz', 'Demo-pass-2026', 'harbor-wallet-2026']) {
      expect(await checkPassword(password), password).toMatchObject({ isAcceptable: true });
    }
  });

  it('refuses fewer than 12 characters, counting characters as people do', async () => {
    expect(await checkPassword('x7#Kq!v2Lm9')).toEqual({ isAcceptable: false, problem: 'tooShort', score: 0 });
    expect(MIN_PASSWORD_LENGTH).toBe(12);
    // Eleven emoji are 22 UTF-16 units but 11 characters: still too short.
    const emoji = '🔒'.repeat(11);
    expect(emoji.length).toBe(22);
    expect(passwordLengthOf(emoji)).toBe(11);
    expect((await checkPassword(emoji)).problem).toBe('tooShort');
  });

  it('refuses more than the maximum length', async () => {
    expect((await checkPassword('a1B!'.repeat(MAX_PASSWORD_LENGTH / 4 + 1))).problem).toBe('tooLong');
  });

  it.each([
    ['a breached favourite', 'password1234'],
    ['a l33t variant of one', 'P@ssw0rd12345'],
    ['a common one with a year', 'iloveyou2024!'],
  ])('refuses %s as common', async (_label, password) => {
    expect(await checkPassword(password)).toMatchObject({ isAcceptable: false, problem: 'common' });
  });

  it('refuses keyboard walks, repeats and sequences', async () => {
    expect(await checkPassword('qwertyuiop[]')).toMatchObject({ isAcceptable: false });
    expect(await checkPassword('aaaaaaaaaaaa')).toMatchObject({ isAcceptable: false, problem: 'repeatOrSequence' });
    expect(await checkPassword('abcdefghijklmn')).toMatchObject({ isAcceptable: false, problem: 'repeatOrSequence' });
  });

  it('refuses a password built from the customer’s own e-mail and names', async () => {
    const inputs = personalInputsOf(['ionela.popescu@example.com', 'Ionela', 'Popescu']);
    expect(await checkPassword('IonelaPopescu1', inputs)).toMatchObject({
      isAcceptable: false,
      problem: 'personalInfo',
    });
    expect(await checkPassword('ionela.popescu.2026', inputs)).toMatchObject({ isAcceptable: false });
    // Own words beside enough others are fine, and the same password is fine for somebody else.
    expect(await checkPassword('Popescu-harbor-lantern-9', inputs)).toMatchObject({ isAcceptable: true });
    expect(await checkPassword('IonelaPopescu1', personalInputsOf(['sam@example.com']))).toMatchObject({
      isAcceptable: true,
    });
  });

  it('splits e-mails into the parts a guesser would try, ignoring short fragments', () => {
    expect(personalInputsOf(['Ana.Maria@mail.example', undefined, '  '])).toEqual([
      'ana.maria@mail.example',
      'ana',
      'maria',
      'mail',
      'example',
    ]);
  });

  it('has server words for every problem', () => {
    for (const text of Object.values(PASSWORD_PROBLEM_TEXT)) expect(text.length).toBeGreaterThan(10);
  });
});
