import '@mantine/core/styles/Progress.layer.css';
import { MIN_PASSWORD_LENGTH, MIN_PASSWORD_SCORE, type PasswordCheck } from '@app/shared/validation/password';
import { PasswordInput, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { loadPasswordRule, passwordProblemText, usePasswordCheck } from '../hooks/use-password-check';

type StrengthLevel = 'weak' | 'fair' | 'strong' | 'veryStrong';

const LEVEL_COLOURS: Record<StrengthLevel, string> = {
  weak: 'red.8',
  fair: 'orange.8',
  strong: 'teal.8',
  veryStrong: 'teal.9',
};

function levelOf(check: PasswordCheck): StrengthLevel {
  if (!check.isAcceptable) return check.score < MIN_PASSWORD_SCORE - 1 ? 'weak' : 'fair';
  return check.score > MIN_PASSWORD_SCORE ? 'veryStrong' : 'strong';
}

export interface NewPasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The customer's e-mail, names and the brand: a password made of them is refused. */
  personalWords: readonly (string | undefined)[];
}

/**
 * A new password with the rule shown as the customer types: how strong it is, in words (the bar only
 * repeats them), and what makes it weak. The rule is the server's, from the shared package.
 */
export function NewPasswordField({ id, label, value, onChange, error, personalWords }: NewPasswordFieldProps) {
  const { t } = useTranslation('registration');
  const check = usePasswordCheck(value, personalWords);
  const level = check === null ? undefined : levelOf(check);
  const hintId = `${id}-strength`;
  return (
    <Stack gap={6}>
      <PasswordInput
        id={id}
        label={label}
        description={t('personal.passwordHint', { count: MIN_PASSWORD_LENGTH })}
        name="new-password"
        autoComplete="new-password"
        required
        value={value}
        onFocus={() => void loadPasswordRule().catch(() => undefined)}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        aria-describedby={check === null ? undefined : hintId}
        visibilityToggleFocusable
        visibilityToggleButtonProps={{ 'aria-label': t('personal.togglePassword') }}
      />
      {check !== null && level !== undefined ? (
        <Stack gap={4} id={hintId} aria-live="polite">
          <Progress
            value={level === 'weak' ? 25 : level === 'fair' ? 50 : level === 'strong' ? 75 : 100}
            color={LEVEL_COLOURS[level]}
            size="sm"
            aria-hidden
          />
          <Text size="sm">{t('passwordStrength.label', { level: t(`passwordStrength.levels.${level}`) })}</Text>
          {check.problem !== undefined ? (
            <Text size="sm" c="dimmed">
              {t(passwordProblemText(check.problem).key, { count: passwordProblemText(check.problem).count })}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
