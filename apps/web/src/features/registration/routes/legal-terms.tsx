import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useBrand } from '../../../lib/runtime-config';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * The legal terms page (spec 000 §2 public routes): the terms documents the terms records link to
 * (`/legal/{code}/v{version}`), in the customer's language. A version that has no text here is not
 * shown at all rather than shown wrong.
 */
const DOCUMENTS: Record<string, { versions: readonly string[]; sections: readonly string[] }> = {
  'personal-terms': {
    versions: ['v1'],
    sections: ['parties', 'account', 'security', 'payments', 'fees', 'closing', 'complaints'],
  },
  'business-terms': {
    versions: ['v1'],
    sections: ['parties', 'users', 'security', 'payments', 'fees', 'closing', 'complaints'],
  },
};

export default function LegalTermsRoute() {
  const { t } = useTranslation('registration');
  const brand = useBrand();
  const { code = '', version = '' } = useParams();
  const document = Object.hasOwn(DOCUMENTS, code) ? DOCUMENTS[code] : undefined;
  const isKnown = document !== undefined && document.versions.includes(version);
  const title = isKnown ? t(`legal.documents.${code}.title`) : t('legal.notFoundTitle');
  useDocumentTitle(title);

  if (!isKnown) {
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text>{t('legal.notFound')}</Text>
        <Anchor href={brand.links.legal} target="_blank" rel="noreferrer">
          {t('legal.allDocuments', { brand: brand.name })}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('legal.version', { version: version.slice(1) })}
        </Text>
      </Stack>
      {document.sections.map((section, index) => (
        <Stack key={section} gap={4} component="section" aria-labelledby={`terms-${section}`}>
          <Title order={2} size="h4" id={`terms-${section}`}>
            {index + 1}. {t(`legal.documents.${code}.sections.${section}.heading`)}
          </Title>
          <Text size="sm">
            {t(`legal.documents.${code}.sections.${section}.body`, {
              brand: brand.name,
              issuer: brand.accountConfirmationLetter.issuerName,
              supportEmail: brand.support.email,
            })}
          </Text>
        </Stack>
      ))}
      <Anchor component={Link} to="/login" size="sm">
        {t('legal.backToSignIn')}
      </Anchor>
    </Stack>
  );
}
