import { describe, expect, it } from 'vitest';
import { emailSchema, isClientEmailAcceptable } from './email';

describe('client e-mail rule (spec 001 §5)', () => {
  it.each([
    ['', true],
    ['a@b.co', true],
    ['alex.morgan@example.com', true],
    ['a@b.c', false],
    ['abcdef', false],
    ['abc@defg', false],
    ['abc.defg', false],
  ])('%j → %s', (value, expected) => {
    expect(isClientEmailAcceptable(value)).toBe(expected);
  });
});

describe('server e-mail schema', () => {
  it('trims and lower-cases a real address', () => {
    expect(emailSchema.parse('  Alex.Morgan@Example.COM ')).toBe('alex.morgan@example.com');
  });

  it.each(['not-an-email', 'a@b', '@example.com', `${'a'.repeat(250)}@example.com`])('rejects %j', (value) => {
    expect(emailSchema.safeParse(value).success).toBe(false);
  });
});
