import '@mantine/core/styles/SimpleGrid.layer.css';
import type { Account } from '@app/shared/api/accounts';
import { accountFlagsOf, type AccountGroups, groupAccounts, isClosedAccount } from '@app/shared/accounts';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountLabeller } from '../hooks/use-account-label';
import { AccountCard } from './account-card';
import classes from './account-groups.module.css';

/** The groups of spec 001 §3 in the order the accounts page shows them; closed accounts last. */
export const GROUP_ORDER = [
  'payment',
  'prepayment',
  'receiving',
  'physicalCards',
  'debitCards',
  'virtualCards',
  'closed',
] as const satisfies readonly (keyof AccountGroups<Account>)[];
export type GroupName = (typeof GROUP_ORDER)[number];

export interface AccountGroupsProps {
  accounts: readonly Account[];
  accountLabel: AccountLabeller;
  onAddMoney: (account: Account) => void;
  onDownloadLetter: (account: Account) => void;
  downloadingAccountId: number | undefined;
}

function GroupSection({
  name,
  accounts,
  allAccounts,
  ...props
}: Omit<AccountGroupsProps, 'accounts'> & { name: GroupName; accounts: Account[]; allAccounts: readonly Account[] }) {
  const { t } = useTranslation('accounts');
  const headingId = useId();
  const openCount = allAccounts.filter((account) => !isClosedAccount(account)).length;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {t(`groups.${name}`)}
      </Title>
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing="md"
        className={classes.list}
        renderRoot={(rootProps) => <ul {...rootProps} />}
      >
        {accounts.map((account) => (
          <li key={account.accountId}>
            <AccountCard
              account={account}
              flags={accountFlagsOf(account, allAccounts)}
              label={props.accountLabel(account)}
              canExchange={openCount > 1}
              onAddMoney={props.onAddMoney}
              onDownloadLetter={props.onDownloadLetter}
              isLetterDownloading={props.downloadingAccountId === account.accountId}
            />
          </li>
        ))}
      </SimpleGrid>
    </section>
  );
}

/** Every non-empty group with its accounts; a customer sees only the groups they hold. */
export function AccountGroupsList(props: AccountGroupsProps) {
  const groups = groupAccounts(props.accounts);
  return (
    <Stack gap="xl">
      {GROUP_ORDER.filter((name) => groups[name].length > 0).map((name) => (
        <GroupSection key={name} {...props} name={name} accounts={groups[name]} allAccounts={props.accounts} />
      ))}
    </Stack>
  );
}
