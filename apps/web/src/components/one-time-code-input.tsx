import { TextInput } from '@mantine/core';
import { digitsOfCode } from '../lib/one-time-code';

export interface OneTimeCodeInputProps {
  id: string;
  label: string;
  description?: string;
  value: string;
  /** Digits only: what was typed or pasted, spaces and dashes dropped. */
  onChange: (digits: string) => void;
  error?: string;
}

/**
 * The 6-digit code field of every code step (second factors, activation, password reset, approvals):
 * numeric keypad, autofill from SMS, spaced digits.
 */
export function OneTimeCodeInput({ id, label, description, value, onChange, error }: OneTimeCodeInputProps) {
  return (
    <TextInput
      id={id}
      label={label}
      description={description}
      name="one-time-code"
      autoComplete="one-time-code"
      inputMode="numeric"
      spellCheck={false}
      required
      size="md"
      value={value}
      onChange={(event) => onChange(digitsOfCode(event.currentTarget.value))}
      error={error}
      styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
