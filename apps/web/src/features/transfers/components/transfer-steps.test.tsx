import type { TransferResult } from '@app/shared/api/transfers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubMainApi } from '../../../testing/main-api-stub';
import { renderScreen } from '../../../testing/render-screen';
import { transferResult } from '../testing/transfer-fixtures';
import { approvalStepOf } from '../utils/approval-step';
import { TransferSteps } from './transfer-steps';

const expiresAt = () => new Date(Date.now() + 300_000).toISOString();

function renderSteps(result: TransferResult) {
  const onApprovalFinished = vi.fn();
  const onDone = vi.fn();
  renderScreen(
    <TransferSteps
      step={approvalStepOf(result)}
      recipient="business@demo.test"
      onApprovalFinished={onApprovalFinished}
      onDone={onDone}
    />,
  );
  return { onApprovalFinished, onDone };
}

function details(status: 'awaitingApproval' | 'completed' | 'rejected', rejectReason?: string) {
  return {
    transfer: {
      transactionId: 501,
      type: 'p2p',
      permission: '3d',
      isDisabled: false,
      status,
      date: '2026-03-03T10:00:00.000Z',
      fromAccount: 1,
      toEmail: 'business@demo.test',
      amount: '100.00',
      currencyCode: 'USD',
      direction: 'out',
      fromAmount: '100.00',
      fromCurrencyCode: 'USD',
      toAmount: '100.00',
      toCurrencyCode: 'USD',
      exchangeRate: '1',
      fee: '0.50',
      feeCurrencyCode: 'USD',
      approvalType: 1,
      ...(rejectReason ? { rejectReason } : {}),
    },
  };
}

// Screens typed into key by key: generous on a shared, busy machine.
describe('TransferSteps: the approval popup by approval type', { timeout: 20_000 }, () => {
  it('type 0: shows the success popup with the reference, amounts and the way to history', async () => {
    stubMainApi({});
    renderSteps(transferResult());
    const popup = await screen.findByRole('dialog', { name: 'Money sent' });
    expect(within(popup).getByText('Your transfer to business@demo.test is complete.')).toBeInTheDocument();
    expect(within(popup).getByText('#501')).toBeInTheDocument();
    expect(within(popup).getByText('€92.34')).toBeInTheDocument();
    expect(within(popup).getByText('1 USD = 0.9234 EUR')).toBeInTheDocument();
    expect(within(popup).getByRole('link', { name: 'See it in your history' })).toHaveAttribute('href', '/history');
    expect(within(popup).getByRole('link', { name: 'Go to home' })).toBeInTheDocument();
  });

  it('type 1 (push): waits for the device, then shows the result the device decided', async () => {
    let answers = 0;
    const api = stubMainApi({
      transferRecentDetails: () => {
        answers += 1;
        return answers < 2 ? details('awaitingApproval') : details('completed');
      },
    });
    const { onApprovalFinished } = renderSteps(
      transferResult({ status: 'awaitingApproval', approvalType: 1, approvalExpiresAt: expiresAt() }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirm on your device' });
    expect(within(dialog).getByText('Waiting for your answer on the device…')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Approval code')).not.toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Money sent' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(onApprovalFinished).toHaveBeenCalledWith(expect.objectContaining({ status: 'completed' }));
    expect(api.callsOf('transferRecentDetails')[0]).toMatchObject({ transactionId: 501 });
  });

  it('type 1 (push): a declined request ends in "Transaction was rejected."', async () => {
    stubMainApi({ transferRecentDetails: () => details('rejected', 'declined') });
    renderSteps(transferResult({ status: 'awaitingApproval', approvalType: 1, approvalExpiresAt: expiresAt() }));
    const popup = await screen.findByRole('dialog', { name: 'Transaction was rejected.' });
    expect(popup).toBeInTheDocument();
  });

  it('type 2 (sms): a wrong code is explained at the field, the right one approves', async () => {
    const api = stubMainApi({
      transferApprove: (body) =>
        body.approvalCode === '123456'
          ? transferResult({ status: 'completed', approvalType: 2 })
          : {
              status: 400,
              body: {
                responseCode: 'VF',
                validationErrors: [{ field: 'approvalCode', message: 'Wrong code. 4 attempts left.' }],
              },
            },
    });
    const user = userEvent.setup();
    renderSteps(
      transferResult({
        status: 'awaitingApproval',
        approvalType: 2,
        approvalSentTo: '+44 •••• 123',
        approvalExpiresAt: expiresAt(),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Enter the code we texted you' });
    expect(within(dialog).getByText(/sent to \+44 •••• 123/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send a new code' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Approve transfer' }));
    expect(within(dialog).getByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(api.callsOf('transferApprove')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Approval code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Approve transfer' }));
    expect(await within(dialog).findByText('Wrong code. 4 attempts left.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Approval code'), '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Approve transfer' }));
    expect(await within(dialog).findByText('Approved. Your transfer is on its way.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog', { name: 'Money sent' })).toBeInTheDocument();
    expect(api.callsOf('transferApprove').at(-1)).toMatchObject({ trxid: 501, approvalCode: '123456' });
  });

  it('type 3 (otp): asks for the authenticator code, with nothing to send again', async () => {
    stubMainApi({});
    renderSteps(transferResult({ status: 'awaitingApproval', approvalType: 3, approvalExpiresAt: expiresAt() }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter your authenticator code' });
    expect(within(dialog).getByLabelText('Approval code')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument();
  });

  it('type 4 (e-mail code): cancelling releases the money and says so', async () => {
    const api = stubMainApi({
      transferApprovalCancel: () => transferResult({ status: 'rejected', approvalType: 4 }),
    });
    const user = userEvent.setup();
    const { onApprovalFinished } = renderSteps(
      transferResult({ status: 'awaitingApproval', approvalType: 4, approvalSentTo: 'p•••@demo.test' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Enter the code we e-mailed you' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel transfer' }));
    const popup = await screen.findByRole('dialog', { name: 'Transfer cancelled' });
    expect(within(popup).getByText('You cancelled the transfer. No money left your account.')).toBeInTheDocument();
    expect(api.callsOf('transferApprovalCancel')).toEqual([expect.objectContaining({ trxid: 501 })]);
    await waitFor(() =>
      expect(onApprovalFinished).toHaveBeenCalledWith(expect.objectContaining({ status: 'rejected' })),
    );
  });

  it('closing the approval without an answer leaves the payment pending', async () => {
    stubMainApi({ transferRecentDetails: () => details('awaitingApproval') });
    const user = userEvent.setup();
    renderSteps(transferResult({ status: 'awaitingApproval', approvalType: 1, approvalExpiresAt: expiresAt() }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm on your device' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Your payment is being processed*')).toBeInTheDocument();
  });
});
