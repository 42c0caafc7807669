import type { TransferResult } from '@app/shared/api/transfers';
import { useCallback, useState } from 'react';
import type { ApprovalStep } from '../utils/approval-step';
import type { TransferOutcome } from '../utils/transfer-outcome';
import { ApprovalDialog } from './approval-dialog';
import { TransferResultPopup } from './transfer-result-popup';

export interface TransferStepsProps {
  step: ApprovalStep | undefined;
  recipient: string;
  isInitiatorOnly?: boolean;
  onApprovalFinished: (result: TransferResult) => void;
  /** The result was read; the form starts over. */
  onDone: () => void;
}

/** After the call: the approval the transfer needs, then its result. */
export function TransferSteps({ step, recipient, isInitiatorOnly, onApprovalFinished, onDone }: TransferStepsProps) {
  const [outcome, setOutcome] = useState<TransferOutcome | undefined>(undefined);
  const finish = useCallback(
    (result: TransferOutcome) => {
      setOutcome(result);
      onApprovalFinished(result);
    },
    [onApprovalFinished],
  );
  const leave = useCallback((result: TransferOutcome) => {
    setOutcome({ ...result, status: 'awaitingApproval' });
  }, []);

  if (step === undefined) return null;
  if (outcome === undefined && (step.kind === 'push' || step.kind === 'code')) {
    return <ApprovalDialog step={step} onFinished={finish} onLeave={leave} />;
  }
  return (
    <TransferResultPopup
      outcome={outcome ?? step.result}
      recipient={recipient}
      isInitiatorOnly={isInitiatorOnly}
      onClose={() => {
        setOutcome(undefined);
        onDone();
      }}
    />
  );
}
