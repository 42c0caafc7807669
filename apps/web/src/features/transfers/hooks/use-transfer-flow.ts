import type { TransferResult } from '@app/shared/api/transfers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type ApprovalStep, approvalStepOf } from '../utils/approval-step';

export type TransferPhase = 'form' | 'review';

export interface TransferFlowOptions<Draft> {
  /** Makes the call; `idempotencyKey` is the intent's, the same on every retry. */
  submit: (draft: Draft, idempotencyKey: string) => Promise<TransferResult>;
  /** Money moved or was held: the caller refreshes what it shows of accounts and history. */
  onMoneyMoved?: () => void;
  /** The call was refused; the caller may take the customer back to the form (see `edit`). */
  onError?: (error: unknown) => void;
}

/** Everything the transfers feature caches (fees, recent transfers, templates, pre-approved payments). */
const TRANSFERS_QUERY_ROOT = ['transfers'] as const;

/**
 * One transfer from form to result: the reviewed draft is an intent with one idempotency key
 * (crypto.randomUUID; TigerBeetle's "the client generates the id and reuses it on retry"): a
 * confirm that failed on the network is retried with the same key, so it can never send twice.
 * Going back to edit makes a new intent.
 */
export function useTransferFlow<Draft>({ submit, onMoneyMoved, onError }: TransferFlowOptions<Draft>) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<TransferPhase>('form');
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  const [step, setStep] = useState<ApprovalStep | undefined>(undefined);
  const keyRef = useRef<string | undefined>(undefined);
  const moneyMovedRef = useRef(onMoneyMoved);
  useLayoutEffect(() => {
    moneyMovedRef.current = onMoneyMoved;
  });

  const mutation = useMutation({
    mutationFn: ({ value, key }: { value: Draft; key: string }) => submit(value, key),
    onSuccess: async (result) => {
      setStep(approvalStepOf(result));
      moneyMovedRef.current?.();
      await queryClient.invalidateQueries({ queryKey: TRANSFERS_QUERY_ROOT });
    },
    onError,
  });
  const { reset: resetMutation, mutate, isPending } = mutation;

  /** The form is complete: show everything before money moves. */
  const review = useCallback(
    (value: Draft) => {
      keyRef.current = crypto.randomUUID();
      resetMutation();
      setDraft(value);
      setPhase('review');
    },
    [resetMutation],
  );

  /** Back to the form, values kept: whatever is sent next is a new intent. */
  const edit = useCallback(() => {
    keyRef.current = undefined;
    resetMutation();
    setPhase('form');
  }, [resetMutation]);

  /** Sends the reviewed draft; a second call after a failure retries with the same key. */
  const confirm = useCallback(() => {
    if (draft === undefined || isPending) return;
    keyRef.current ??= crypto.randomUUID();
    mutate({ value: draft, key: keyRef.current });
  }, [draft, isPending, mutate]);

  /** An approval step ended (approved, declined, cancelled): the final result replaces it. */
  const finishApproval = useCallback(
    (result: TransferResult) => {
      setStep({ kind: 'result', result });
      moneyMovedRef.current?.();
      void queryClient.invalidateQueries({ queryKey: TRANSFERS_QUERY_ROOT });
    },
    [queryClient],
  );

  /** The result was read: a new transfer starts from the form. */
  const reset = useCallback(() => {
    keyRef.current = undefined;
    resetMutation();
    setStep(undefined);
    setDraft(undefined);
    setPhase('form');
  }, [resetMutation]);

  return useMemo(
    () => ({ phase, draft, step, mutation, review, edit, confirm, finishApproval, reset }),
    [phase, draft, step, mutation, review, edit, confirm, finishApproval, reset],
  );
}

export type TransferFlow<Draft> = ReturnType<typeof useTransferFlow<Draft>>;
