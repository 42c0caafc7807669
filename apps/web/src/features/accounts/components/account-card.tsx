import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import type { Account } from '@app/shared/api/accounts';
import { type AccountFlags, isClosedAccount } from '@app/shared/accounts';
import { Badge, Button, Menu, Paper, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../../components/money';
import { AddMoneyIcon, ExchangeIcon, MoreIcon, PendingIcon, SendIcon } from './account-icons';
import classes from './account-card.module.css';

export interface AccountCardProps {
  account: Account;
  flags: AccountFlags;
  label: string;
  /** Whether money can move out to another own account (the customer holds another open one). */
  canExchange: boolean;
  onAddMoney: (account: Account) => void;
  onDownloadLetter: (account: Account) => void;
  isLetterDownloading: boolean;
}

/** One account: balance first, then what is available and what is held, then what can be done with it. */
export function AccountCard({
  account,
  flags,
  label,
  canExchange,
  onAddMoney,
  onDownloadLetter,
  isLetterDownloading,
}: AccountCardProps) {
  const { t } = useTranslation('accounts');
  const nameId = useId();
  const isClosed = isClosedAccount(account);
  const accountQuery = `accountId=${account.accountId}`;

  return (
    <Paper component="article" withBorder radius="md" p="md" className={classes.card} aria-labelledby={nameId}>
      <div className={classes.head}>
        <Text component="h3" fw={600} id={nameId} className={classes.name}>
          {label}
        </Text>
        {isClosed ? (
          <Badge color="gray.8" variant="filled" radius="sm">
            {t('card.closed')}
          </Badge>
        ) : null}
      </div>
      <div className={classes.balance}>
        <Text component="span" size="sm" c="dimmed" className={classes.caption}>
          {t('card.balance')}
        </Text>
        <Money amount={account.balance} currency={account.currencyCode} className={classes.balanceAmount} />
      </div>
      <dl className={classes.figures}>
        <div>
          <dt>{t('card.available')}</dt>
          <dd>
            <Money amount={account.availableBalance} currency={account.currencyCode} />
          </dd>
        </div>
        {flags.pendingFunds ? (
          <div>
            <dt>
              <PendingIcon /> {t('card.pending')}
            </dt>
            <dd>
              <Money amount={account.pendingAmount} currency={account.currencyCode} />
            </dd>
          </div>
        ) : null}
        {flags.remainingValue !== undefined ? (
          <div>
            <dt>{t('card.remaining')}</dt>
            <dd>
              <Money amount={flags.remainingValue} currency={account.currencyCode} />
            </dd>
          </div>
        ) : null}
      </dl>
      <div className={classes.actions}>
        {flags.isInstructionsAvailable ? (
          <Button
            variant="light"
            leftSection={<AddMoneyIcon />}
            onClick={() => onAddMoney(account)}
            aria-describedby={nameId}
          >
            {t('card.addMoney')}
          </Button>
        ) : null}
        {!isClosed ? (
          <Button
            component={Link}
            to={`/transfer/p2p?from=${account.accountId}`}
            variant="light"
            leftSection={<SendIcon />}
            aria-describedby={nameId}
          >
            {t('card.send')}
          </Button>
        ) : null}
        {!isClosed && canExchange ? (
          <Button
            component={Link}
            to={`/transfer/account?from=${account.accountId}`}
            variant="light"
            leftSection={<ExchangeIcon />}
            aria-describedby={nameId}
          >
            {t('card.exchange')}
          </Button>
        ) : null}
        <Menu position="bottom-end" shadow="md" withinPortal={false}>
          <Menu.Target>
            <Button variant="subtle" leftSection={<MoreIcon />} aria-describedby={nameId}>
              {t('card.more')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {flags.isHistoryAvailable ? (
              <Menu.Item component={Link} to={`/history?${accountQuery}`}>
                {t('card.history')}
              </Menu.Item>
            ) : null}
            {flags.isStatementsAvailable ? (
              <Menu.Item component={Link} to={`/statements?${accountQuery}`}>
                {t('card.statements')}
              </Menu.Item>
            ) : null}
            {!isClosed ? (
              <Menu.Item onClick={() => onDownloadLetter(account)} disabled={isLetterDownloading}>
                {t('card.confirmationLetter')}
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      </div>
    </Paper>
  );
}
