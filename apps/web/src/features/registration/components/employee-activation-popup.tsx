import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type SubmitEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type SummaryItem } from '../../../components/error-summary';
import type { ErrorTextKey } from '../../../lib/error-message';
import { useBrand } from '../../../lib/runtime-config';
import { type ActivateEmployeeResult, useActivateEmployee } from '../api/activate-employee';
import { checkPasswordNow, passwordProblemText } from '../hooks/use-password-check';
import { splitServerError } from '../utils/server-errors';
import { NewPasswordField } from './new-password-field';

type Field = 'firstName' | 'lastName' | 'password' | 'passwordRepeat';
type FieldErrors = Partial<Record<Field, string>>;

const FIELD_ORDER: readonly Field[] = ['firstName', 'lastName', 'password', 'passwordRepeat'];
const FIELD_IDS: Record<Field, string> = {
  firstName: 'employee-first-name',
  lastName: 'employee-last-name',
  password: 'employee-password',
  passwordRepeat: 'employee-password-repeat',
};
const SERVER_FIELDS: Record<string, Field> = {
  firstName: 'firstName',
  lastName: 'lastName',
  password: 'password',
  passwordRepeat: 'passwordRepeat',
};

export interface EmployeeActivationPopupProps {
  opened: boolean;
  username: string;
  activationCode: string;
  onActivated: (result: ActivateEmployeeResult) => void;
  onClose: () => void;
}

/**
 * `?action=activationEmployee` (spec 001 §2): an invited user of a business gives the activation
 * details (names and a password of their own) in a popup, and their access is activated with them.
 */
export function EmployeeActivationPopup({
  opened,
  username,
  activationCode,
  onActivated,
  onClose,
}: EmployeeActivationPopupProps) {
  const { t } = useTranslation(['registration', 'common']);
  const brand = useBrand();
  const activate = useActivateEmployee();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [passwordRepeat, setPasswordRepeat] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [supportCode, setSupportCode] = useState<string | undefined>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const personalWords = [username, firstName, lastName, brand.name];

  function showErrors(errors: FieldErrors, form: string[] = [], code?: string) {
    setFieldErrors(errors);
    setFormErrors(form);
    setSupportCode(code);
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    setIsSubmitting(true);
    try {
      const errors: FieldErrors = {};
      if (firstName.trim() === '') errors.firstName = t('validation.firstNameRequired');
      if (lastName.trim() === '') errors.lastName = t('validation.lastNameRequired');
      if (password === '') errors.password = t('validation.passwordRequired');
      else {
        const check = await checkPasswordNow(password, personalWords).catch(() => null);
        if (check?.problem !== undefined)
          errors.password = t(passwordProblemText(check.problem).key, {
            count: passwordProblemText(check.problem).count,
          });
      }
      if (passwordRepeat === '') errors.passwordRepeat = t('validation.passwordRepeatRequired');
      else if (passwordRepeat !== password) errors.passwordRepeat = t('validation.passwordMismatch');
      if (Object.keys(errors).length > 0) {
        showErrors(errors);
        return;
      }
      onActivated(
        await activate.mutateAsync({ username, activationCode, firstName, lastName, password, passwordRepeat }),
      );
    } catch (error) {
      const split = splitServerError(error, SERVER_FIELDS, (key: ErrorTextKey) => t(`common:errors.${key}`));
      showErrors(split.fields, split.form, split.supportCode);
    } finally {
      setIsSubmitting(false);
    }
  }

  const summaryItems: SummaryItem[] = [
    ...FIELD_ORDER.flatMap((field) => {
      const message = fieldErrors[field];
      return message ? [{ fieldId: FIELD_IDS[field], message }] : [];
    }),
    ...formErrors.map((message) => ({ message })),
  ];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('employee.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={t('employee.formLabel')}>
        <Stack gap="md">
          <Text size="sm">{t('employee.intro', { email: username })}</Text>
          <ErrorSummary ref={summaryRef} items={summaryItems} supportCode={supportCode} />
          <TextInput
            id={FIELD_IDS.firstName}
            label={t('personal.firstName')}
            autoComplete="given-name"
            required
            data-autofocus
            value={firstName}
            onChange={(event) => setFirstName(event.currentTarget.value)}
            error={fieldErrors.firstName}
          />
          <TextInput
            id={FIELD_IDS.lastName}
            label={t('personal.lastName')}
            autoComplete="family-name"
            required
            value={lastName}
            onChange={(event) => setLastName(event.currentTarget.value)}
            error={fieldErrors.lastName}
          />
          <NewPasswordField
            id={FIELD_IDS.password}
            label={t('personal.password')}
            value={password}
            onChange={setPassword}
            error={fieldErrors.password}
            personalWords={personalWords}
          />
          <PasswordInput
            id={FIELD_IDS.passwordRepeat}
            label={t('employee.passwordRepeat')}
            autoComplete="new-password"
            required
            value={passwordRepeat}
            onChange={(event) => setPasswordRepeat(event.currentTarget.value)}
            error={fieldErrors.passwordRepeat}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('personal.togglePassword') }}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={isSubmitting}
            loaderProps={{ 'aria-label': t('employee.submitting') }}
          >
            {t('employee.submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
