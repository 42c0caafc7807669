import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { CLOSE_AFTER_SUCCESS_MS, CodeConfirmDialog, type CodeConfirmDialogProps } from './code-confirm-dialog';

function renderDialog(overrides: Partial<CodeConfirmDialogProps> = {}) {
  const props: CodeConfirmDialogProps = {
    opened: true,
    title: 'Enter the code',
    description: 'We sent a code to +44*******123.',
    requestId: 'b3c1b5a4-4a43-4b37-9a59-2f7f4c1e9d10',
    successText: 'Your two-step verification was changed.',
    onSubmit: vi.fn(() => Promise.resolve()),
    onClose: vi.fn(),
    onDone: vi.fn(),
    ...overrides,
  };
  renderWithProviders(<CodeConfirmDialog {...props} />);
  return props;
}

describe('CodeConfirmDialog', { timeout: 20_000 }, () => {
  it('names the message by its two-digit mark, a leading zero included', async () => {
    renderDialog({ identifier: '06' });
    expect(await screen.findByText('The message is marked #06.')).toBeInTheDocument();
  });

  it('without a request id says so and sends nothing (spec 001 §5)', async () => {
    const user = userEvent.setup();
    const props = renderDialog({ requestId: undefined });
    await user.type(await screen.findByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Not Operation Id, Fail Operation')).toBeInTheDocument();
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('asks for all six digits before sending', async () => {
    const user = userEvent.setup();
    const props = renderDialog();
    await user.type(await screen.findByLabelText(/6-digit code/), '12a3');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6 digits of the code.')).toBeInTheDocument();
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('shows the success and closes three seconds later', async () => {
    const user = userEvent.setup();
    const props = renderDialog();
    await user.type(await screen.findByLabelText(/6-digit code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your two-step verification was changed.')).toBeInTheDocument();
    const shownAt = Date.now();
    expect(props.onSubmit).toHaveBeenCalledWith('b3c1b5a4-4a43-4b37-9a59-2f7f4c1e9d10', '654321');
    expect(props.onDone).not.toHaveBeenCalled();
    await waitFor(() => expect(props.onDone).toHaveBeenCalledTimes(1), { timeout: CLOSE_AFTER_SUCCESS_MS + 2_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(CLOSE_AFTER_SUCCESS_MS - 100);
  });
});
