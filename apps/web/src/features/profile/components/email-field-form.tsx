import { Button, Group, TextInput } from '@mantine/core';
import type { SubmitEvent } from 'react';

export interface EmailFieldFormProps {
  id: string;
  label: string;
  submitLabel: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  loading: boolean;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => Promise<void>;
}

/** One e-mail field with its button; validation is the caller's, so the browser's is off. */
export function EmailFieldForm({
  id,
  label,
  submitLabel,
  value,
  onChange,
  error,
  loading,
  onSubmit,
}: EmailFieldFormProps) {
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          id={id}
          label={label}
          type="email"
          autoComplete="email"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          required
          style={{ flex: '1 1 240px' }}
        />
        <Button type="submit" loading={loading}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
