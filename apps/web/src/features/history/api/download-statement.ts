import { statementPath } from '@app/shared/api/accounts';
import { useMutation } from '@tanstack/react-query';
import { downloadProtectedFile } from '../../../lib/authorized-download';

export interface StatementRef {
  accountId: number;
  year: number;
  month: number;
}

/** The monthly statement (PDF), saved as statement-<account>-YYYY-MM.pdf. */
export function downloadStatement(statement: StatementRef): Promise<void> {
  const month = String(statement.month).padStart(2, '0');
  return downloadProtectedFile(
    statementPath(statement.accountId, statement.year, statement.month),
    `statement-${statement.accountId}-${statement.year}-${month}.pdf`,
  );
}

export function useDownloadStatement() {
  return useMutation({ mutationFn: downloadStatement });
}
