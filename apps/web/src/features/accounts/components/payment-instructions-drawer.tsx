import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import type { Account, PaymentInstruction } from '@app/shared/api/accounts';
import {
  ActionIcon,
  Alert,
  Badge,
  CopyButton,
  Drawer,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { usePaymentInstructions } from '../api/get-payment-instructions';
import { useMarkInstructionViewed } from '../api/mark-instruction-viewed';
import type { AccountLabeller } from '../hooks/use-account-label';
import classes from './payment-instructions-drawer.module.css';

type DetailField =
  | 'beneficiaryName'
  | 'iban'
  | 'bic'
  | 'sortCode'
  | 'routingNumber'
  | 'institutionNumber'
  | 'transitNumber'
  | 'bsbCode'
  | 'accountNumber'
  | 'accountType'
  | 'bankName'
  | 'bankAddress';

/** The order a payer's bank asks for them; fields the rail does not use are absent. */
const DETAIL_FIELDS: readonly DetailField[] = [
  'beneficiaryName',
  'iban',
  'bic',
  'sortCode',
  'routingNumber',
  'institutionNumber',
  'transitNumber',
  'bsbCode',
  'accountNumber',
  'accountType',
  'bankName',
  'bankAddress',
];

function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('accounts');
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('instructions.copied') : t('instructions.copy', { field: label })} withArrow>
          <ActionIcon
            variant="subtle"
            size={44}
            onClick={copy}
            aria-label={copied ? t('instructions.copied') : t('instructions.copy', { field: label })}
          >
            <svg
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden
              focusable={false}
            >
              {copied ? (
                <path d="m5 12.5 4.5 4.5L19 7.5" />
              ) : (
                <>
                  <rect x="9" y="9" width="11" height="11" rx="2" />
                  <path d="M5 15V5a2 2 0 0 1 2-2h8" />
                </>
              )}
            </svg>
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function InstructionDetails({ instruction }: { instruction: PaymentInstruction }) {
  const { t } = useTranslation('accounts');
  const rows = DETAIL_FIELDS.flatMap((field) => {
    const raw = instruction[field];
    if (raw === undefined || raw === '') return [];
    const value =
      field === 'accountType' ? t(`instructions.accountTypes.${instruction.accountType ?? 'checking'}`) : raw;
    return [{ field, label: t(`instructions.fields.${field}`), value }];
  });
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fw={600}>{t(`instructions.rails.${instruction.rail}`)}</Text>
        {instruction.isSandbox ? (
          <Badge color="#b34a0b" variant="filled" radius="sm">
            {t('instructions.sandboxBadge')}
          </Badge>
        ) : null}
      </Group>
      {instruction.isSandbox ? (
        <Alert variant="default" title={t('instructions.sandboxTitle')}>
          <Text size="sm">{t('instructions.sandboxBody')}</Text>
        </Alert>
      ) : null}
      <div className={classes.reference}>
        <Text size="sm" fw={600} id={`reference-label-${instruction.instructionId}`}>
          {t('instructions.fields.reference')}
        </Text>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text
            className={classes.referenceValue}
            aria-labelledby={`reference-label-${instruction.instructionId}`}
            data-testid="funding-reference"
          >
            {instruction.reference}
          </Text>
          <CopyValue value={instruction.reference} label={t('instructions.fields.reference')} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('instructions.referenceHint')}
        </Text>
      </div>
      <dl className={classes.details}>
        {rows.map((row) => (
          <div key={row.field} className={classes.row}>
            <dt>{row.label}</dt>
            <dd>
              <span className={classes.value}>{row.value}</span>
              {row.field !== 'accountType' && row.field !== 'bankAddress' ? (
                <CopyValue value={row.value} label={row.label} />
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </Stack>
  );
}

export interface PaymentInstructionsDrawerProps {
  /** The accounts that can be funded by bank transfer. */
  accounts: readonly Account[];
  /** The account whose details are shown; the drawer is closed when undefined. */
  accountId: number | undefined;
  onAccountChange: (accountId: number) => void;
  accountLabel: AccountLabeller;
  onClose: () => void;
}

/**
 * "Add money": the bank details to pay into an account from any bank, in the side modal of spec
 * 001 §2 (right side, closable). Opening details the customer has not seen marks them viewed.
 */
export function PaymentInstructionsDrawer({
  accounts,
  accountId,
  onAccountChange,
  accountLabel,
  onClose,
}: PaymentInstructionsDrawerProps) {
  const { t } = useTranslation(['accounts', 'common']);
  const query = usePaymentInstructions(accountId);
  const markViewed = useMarkInstructionViewed();
  const instruction = query.data?.[0];
  const { mutate: markAsViewed, isPending: isMarking } = markViewed;
  const account = accounts.find((item) => item.accountId === accountId);

  useEffect(() => {
    if (instruction && !instruction.isViewed && !isMarking) markAsViewed(instruction.instructionId);
  }, [instruction, isMarking, markAsViewed]);

  return (
    <Drawer
      opened={accountId !== undefined}
      onClose={onClose}
      position="right"
      size="md"
      title={t('accounts:instructions.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        {accounts.length > 1 ? (
          <NativeSelect
            label={t('accounts:instructions.accountLabel')}
            value={accountId === undefined ? '' : String(accountId)}
            onChange={(event) => onAccountChange(Number(event.currentTarget.value))}
            data={accounts.map((item) => ({ value: String(item.accountId), label: accountLabel(item) }))}
          />
        ) : account ? (
          <Text fw={600}>{accountLabel(account)}</Text>
        ) : null}
        <Text size="sm">{t('accounts:instructions.intro')}</Text>
        {query.error ? <ErrorAlert error={query.error} title={t('accounts:instructions.loadFailed')} /> : null}
        {query.isPending && accountId !== undefined ? (
          <Stack gap="xs" aria-busy>
            <Skeleton height={24} width="50%" />
            <Skeleton height={72} />
            <Skeleton height={160} />
          </Stack>
        ) : null}
        {query.data && instruction === undefined ? <Text>{t('accounts:instructions.none')}</Text> : null}
        {instruction ? <InstructionDetails instruction={instruction} /> : null}
      </Stack>
    </Drawer>
  );
}
