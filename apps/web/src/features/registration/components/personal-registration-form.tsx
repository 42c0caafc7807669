import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import type { CountryCode, PersonalRegistrationType } from '@app/shared/api/registration';
import type { Language } from '@app/shared/constants';
import { Anchor, Button, Checkbox, Group, Radio, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { type SubmitEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorSummary, type SummaryItem } from '../../../components/error-summary';
import { isApiError } from '../../../lib/api-error';
import type { ErrorTextKey } from '../../../lib/error-message';
import { getLanguage, languageOfLocale } from '../../../lib/language';
import { useBrand } from '../../../lib/runtime-config';
import { checkEmailExists } from '../api/check-email-exists';
import { checkPhoneExists } from '../api/check-phone-exists';
import { type PersonalRegistrationResult, useCreatePersonalRegistration } from '../api/create-personal-registration';
import { useRegistrationTerms } from '../api/get-registration-terms';
import { checkPasswordNow, passwordProblemText } from '../hooks/use-password-check';
import { countryOptions, guessCountry } from '../utils/countries';
import { isEmailShapeValid } from '../utils/email-shape';
import { splitServerError } from '../utils/server-errors';
import { NewPasswordField } from './new-password-field';

type Field = 'firstName' | 'lastName' | 'email' | 'countryCode' | 'phone' | 'registrationType' | 'password' | 'terms';
type FieldErrors = Partial<Record<Field, string>>;

const FIELD_ORDER: readonly Field[] = [
  'firstName',
  'lastName',
  'email',
  'countryCode',
  'phone',
  'registrationType',
  'password',
  'terms',
];

export const REGISTRATION_FIELD_IDS: Record<Field, string> = {
  firstName: 'registration-first-name',
  lastName: 'registration-last-name',
  email: 'registration-email',
  countryCode: 'registration-country',
  phone: 'registration-phone',
  registrationType: 'registration-type',
  password: 'registration-password',
  terms: 'registration-terms',
};

/** The server's field names (personalRegistrationCreate) mapped onto the form. */
const SERVER_FIELDS: Record<string, Field> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  countryCode: 'countryCode',
  phone: 'phone',
  registrationType: 'registrationType',
  password: 'password',
  termIds: 'terms',
  isTermsAccepted: 'terms',
};

export interface PersonalRegistrationFormProps {
  onRegistered: (result: PersonalRegistrationResult) => void;
}

/**
 * Personal registration (spec 000 §1): names, e-mail, country, mobile phone, what describes the
 * customer (the brand's personal types), a password held to the shared rule, and the terms in force.
 * The e-mail and phone are checked when the customer leaves the field, so a taken one is said early.
 */
export function PersonalRegistrationForm({ onRegistered }: PersonalRegistrationFormProps) {
  const { t, i18n } = useTranslation(['registration', 'common']);
  const brand = useBrand();
  const terms = useRegistrationTerms();
  const register = useCreatePersonalRegistration();
  const language: Language = languageOfLocale(i18n.language) ?? getLanguage();
  const countries = useMemo(() => countryOptions(language), [language]);

  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [countryCode, setCountryCode] = useState<CountryCode | null>(() => guessCountry(navigator.languages) ?? null);
  const [phone, setPhone] = useState('');
  const [registrationType, setRegistrationType] = useState<PersonalRegistrationType | null>(null);
  const [password, setPassword] = useState('');
  const [isTermsAccepted, setIsTermsAccepted] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // The summary shows what the last submit found; the checks made on leaving a field only mark the field.
  const [summaryItems, setSummaryItems] = useState<SummaryItem[]>([]);
  const [supportCode, setSupportCode] = useState<string | undefined>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const emailCheck = useRef<AbortController | null>(null);
  const phoneCheck = useRef<AbortController | null>(null);

  const personalWords = [email, firstName, lastName, brand.name];
  const translateError = (key: ErrorTextKey) => t(`common:errors.${key}`);
  const setFieldError = (field: Field, message: string | undefined) =>
    setFieldErrors((current) => ({ ...current, [field]: message }));

  async function handleEmailBlur() {
    const value = email.trim();
    if (!isEmailShapeValid(value)) return;
    emailCheck.current?.abort();
    const controller = new AbortController();
    emailCheck.current = controller;
    try {
      const answer = await checkEmailExists({ email: value }, controller.signal);
      if (controller.signal.aborted) return;
      setFieldError(
        'email',
        answer.status === 1
          ? t('validation.emailTaken')
          : answer.status === 2
            ? t('validation.emailPending')
            : undefined,
      );
    } catch {
      // Only a hint: a limited or failed check leaves the field to the submit's own check.
    }
  }

  async function handlePhoneBlur() {
    const value = phone.trim();
    if (value === '') return;
    phoneCheck.current?.abort();
    const controller = new AbortController();
    phoneCheck.current = controller;
    try {
      const answer = await checkPhoneExists({ phone: value, countryCode: countryCode ?? undefined }, controller.signal);
      if (controller.signal.aborted) return;
      setFieldError('phone', answer.exists ? t('validation.phoneTaken') : undefined);
    } catch (error) {
      const isInvalidNumber = isApiError(error) && error.validationErrors.some((item) => item.field === 'phone');
      if (!controller.signal.aborted && isInvalidNumber) setFieldError('phone', t('validation.phoneInvalid'));
    }
  }

  async function validate(): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    if (firstName.trim() === '') errors.firstName = t('validation.firstNameRequired');
    if (lastName.trim() === '') errors.lastName = t('validation.lastNameRequired');
    if (email.trim() === '') errors.email = t('validation.emailRequired');
    else if (!isEmailShapeValid(email)) errors.email = t('validation.emailInvalid');
    else if (fieldErrors.email !== undefined) errors.email = fieldErrors.email;
    if (countryCode === null) errors.countryCode = t('validation.countryRequired');
    if (phone.trim() === '') errors.phone = t('validation.phoneRequired');
    else if (fieldErrors.phone !== undefined) errors.phone = fieldErrors.phone;
    if (registrationType === null) errors.registrationType = t('validation.typeRequired');
    if (password === '') errors.password = t('validation.passwordRequired');
    else {
      try {
        const check = await checkPasswordNow(password, personalWords);
        if (check.problem !== undefined)
          errors.password = t(passwordProblemText(check.problem).key, {
            count: passwordProblemText(check.problem).count,
          });
      } catch {
        // The rule did not load (offline, a failed chunk): the server applies it on submit.
      }
    }
    if (!isTermsAccepted) errors.terms = t('validation.termsRequired');
    return errors;
  }

  /** After a submit: the errors beside their fields and, all together, in the summary at the top. */
  function showErrors(errors: FieldErrors, form: string[], code?: string) {
    setFieldErrors(errors);
    setSupportCode(code);
    setSummaryItems([
      ...FIELD_ORDER.flatMap((field) => {
        const message = errors[field];
        return message ? [{ fieldId: REGISTRATION_FIELD_IDS[field], message }] : [];
      }),
      ...form.map((message) => ({ message })),
    ]);
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    setIsSubmitting(true);
    try {
      const errors = await validate();
      if (Object.keys(errors).length > 0 || countryCode === null || registrationType === null) {
        showErrors(errors, []);
        return;
      }
      const termIds = terms.data?.terms.map((item) => item.id) ?? [];
      const result = await register.mutateAsync({
        email: email.trim(),
        password,
        firstName,
        lastName,
        countryCode,
        phone: phone.trim(),
        registrationType,
        brand: brand.id,
        termIds,
        isTermsAccepted: true,
      });
      onRegistered(result);
    } catch (error) {
      const split = splitServerError(error, SERVER_FIELDS, translateError);
      showErrors(split.fields, split.form, split.supportCode);
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={t('personal.formLabel')}>
      <Stack gap="md">
        <ErrorSummary ref={summaryRef} items={summaryItems} supportCode={supportCode} />
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            id={REGISTRATION_FIELD_IDS.firstName}
            label={t('personal.firstName')}
            name="given-name"
            autoComplete="given-name"
            required
            miw={160}
            value={firstName}
            onChange={(event) => setFirstName(event.currentTarget.value)}
            error={fieldErrors.firstName}
          />
          <TextInput
            id={REGISTRATION_FIELD_IDS.lastName}
            label={t('personal.lastName')}
            name="family-name"
            autoComplete="family-name"
            required
            miw={160}
            value={lastName}
            onChange={(event) => setLastName(event.currentTarget.value)}
            error={fieldErrors.lastName}
          />
        </Group>
        <Text size="sm" c="dimmed" mt={-8}>
          {t('personal.namesHint')}
        </Text>
        <TextInput
          id={REGISTRATION_FIELD_IDS.email}
          label={t('personal.email')}
          description={t('personal.emailHint')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            if (fieldErrors.email !== undefined) setFieldError('email', undefined);
          }}
          onBlur={() => void handleEmailBlur()}
          error={fieldErrors.email}
        />
        <Select
          id={REGISTRATION_FIELD_IDS.countryCode}
          label={t('personal.country')}
          placeholder={t('personal.countryPlaceholder')}
          nothingFoundMessage={t('personal.countryNothingFound')}
          data={countries}
          searchable
          required
          autoComplete="country"
          value={countryCode}
          onChange={(value) => setCountryCode(countries.find((option) => option.value === value)?.value ?? null)}
          error={fieldErrors.countryCode}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          id={REGISTRATION_FIELD_IDS.phone}
          label={t('personal.phone')}
          description={t('personal.phoneHint')}
          type="tel"
          name="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          value={phone}
          onChange={(event) => {
            setPhone(event.currentTarget.value);
            if (fieldErrors.phone !== undefined) setFieldError('phone', undefined);
          }}
          onBlur={() => void handlePhoneBlur()}
          error={fieldErrors.phone}
        />
        <Radio.Group
          id={REGISTRATION_FIELD_IDS.registrationType}
          label={t('personal.type')}
          required
          value={registrationType}
          onChange={(value) =>
            setRegistrationType(brand.registration.personalTypes.find((type) => type === value) ?? null)
          }
          error={fieldErrors.registrationType}
        >
          <Stack gap="xs" mt={6}>
            {brand.registration.personalTypes.map((type) => (
              <Radio key={type} value={type} label={t(`types.${type}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <NewPasswordField
          id={REGISTRATION_FIELD_IDS.password}
          label={t('personal.password')}
          value={password}
          onChange={(value) => {
            setPassword(value);
            if (fieldErrors.password !== undefined) setFieldError('password', undefined);
          }}
          error={fieldErrors.password}
          personalWords={personalWords}
        />
        <Stack gap={6}>
          {terms.isPending ? (
            <Skeleton height={18} width="70%" aria-label={t('personal.termsLoading')} />
          ) : terms.isError ? (
            <ErrorAlert error={terms.error} title={t('personal.termsFailed')} />
          ) : terms.data.terms.length > 0 ? (
            <Stack gap={2}>
              <Text size="sm">{t('personal.termsRead')}</Text>
              {terms.data.terms.map((item) => (
                <Anchor key={item.id} href={item.url} target="_blank" rel="noreferrer" size="sm" fw={500}>
                  {item.title}{' '}
                  <Text span size="xs" c="dimmed">
                    ({t('personal.opensInNewTab')})
                  </Text>
                </Anchor>
              ))}
            </Stack>
          ) : null}
          <Checkbox
            id={REGISTRATION_FIELD_IDS.terms}
            label={t('personal.termsAccept', { brand: brand.name })}
            checked={isTermsAccepted}
            onChange={(event) => {
              setIsTermsAccepted(event.currentTarget.checked);
              if (event.currentTarget.checked) setFieldError('terms', undefined);
            }}
            error={fieldErrors.terms}
          />
        </Stack>
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={isSubmitting}
          disabled={terms.isError}
          loaderProps={{ 'aria-label': t('personal.submitting') }}
        >
          {t('personal.submit')}
        </Button>
      </Stack>
    </form>
  );
}
