import type { VerificationStatus, VerificationSummary } from '@app/shared/verification-status';
import { Anchor, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where each status sends the customer to act; statuses with nothing to do have no link. */
const ACTION_PATHS: Partial<Record<VerificationStatus, string>> = {
  limited: '/limited-account',
  hasRequiredActions: '/kyc',
  unverified: '/unverified-account',
  someCardDocumentRequired: '/profile',
  duplicateDocuments: '/kyc',
};

/** The status in words: a title, what it means, the required actions and where to act. */
export function VerificationStatusText({
  summary,
  showsAction = true,
}: {
  summary: VerificationSummary;
  /** The banner links to where to act; a screen that is itself that place does not. */
  showsAction?: boolean;
}) {
  const { t } = useTranslation('verification');
  const path = showsAction ? ACTION_PATHS[summary.status] : undefined;
  return (
    <>
      <Text fw={700} size="sm" data-verification-status={summary.status}>
        {t(`statuses.${summary.status}.title`)}
      </Text>
      <Text size="sm">{t(`statuses.${summary.status}.body`, { count: summary.requiredActionCount })}</Text>
      {summary.requiredActions.length > 0 ? (
        <List size="sm" mt={4}>
          {summary.requiredActions.map((action) => (
            <List.Item key={action}>{t(`actions.${action}`)}</List.Item>
          ))}
        </List>
      ) : null}
      {path !== undefined ? (
        <Anchor
          component={Link}
          to={path}
          size="sm"
          fw={600}
          mt={4}
          display="inline-block"
          c="inherit"
          underline="always"
        >
          {t(`statuses.${summary.status}.cta`)}
        </Anchor>
      ) : null}
    </>
  );
}
