import { Alert } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert';

/** The outcome of the last action: a polite status on success, the error otherwise. */
export function ActionFeedback({ notice, error }: { notice: string | null; error: unknown }) {
  return (
    <>
      {notice !== null ? (
        <Alert color="teal" variant="light" role="status">
          {notice}
        </Alert>
      ) : null}
      {error !== null ? <ErrorAlert error={error} /> : null}
    </>
  );
}
