import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { renderWithProviders } from '../testing/render';
import { ResultPopup } from './result-popup';

function renderPopup(props: Partial<Parameters<typeof ResultPopup>[0]> = {}) {
  const onClose = vi.fn();
  renderWithProviders(
    <MemoryRouter>
      <ResultPopup opened status="error" onClose={onClose} {...props} />
    </MemoryRouter>,
  );
  return onClose;
}

describe('ResultPopup (spec 001 §8)', () => {
  it('takes validation errors first, joined with a comma, and a short text becomes the title', () => {
    renderPopup({
      error: new ApiError({
        kind: 'response',
        status: 400,
        code: 'VF',
        body: {
          responseCode: 'VF',
          responseDescription: 'Ignored while validation errors exist',
          validationErrors: [
            { field: 'amount', message: 'Too much' },
            { field: 'toEmail', message: 'Unknown' },
          ],
        },
      }),
    });
    expect(screen.getByRole('heading', { name: 'Too much, Unknown' })).toBeInTheDocument();
    expect(screen.getByText('Code for support: VF')).toBeInTheDocument();
    expect(screen.queryByText(/Ignored/)).not.toBeInTheDocument();
  });

  it('puts a text longer than 50 characters in the body under the header "Error"', () => {
    const description = 'The payee cannot receive money in this currency at the moment.';
    renderPopup({
      error: new ApiError({
        kind: 'response',
        status: 409,
        code: 'CA',
        body: { responseCode: 'CA', responseDescription: description },
      }),
    });
    expect(screen.getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(description);
  });

  it('falls back to the default server error when the answer has no text', () => {
    renderPopup({ error: new ApiError({ kind: 'response', status: 400, body: {} }) });
    expect(screen.getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again in a moment.',
    );
  });

  it('shows a pending result without a message as "paymentPending" with an asterisk and its footnote', () => {
    renderPopup({ status: 'pending' });
    expect(screen.getByText('Your payment is being processed*')).toBeInTheDocument();
    expect(screen.getByText(/^\*We will let you know/)).toBeInTheDocument();
  });

  it('offers a way home next to closing', async () => {
    const user = userEvent.setup();
    const onClose = renderPopup({ status: 'success', message: 'Sent', withHomeButton: true });
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/home');
    // The header's close icon and the footer button both close it.
    const [, footerClose] = screen.getAllByRole('button', { name: 'Close' });
    if (!footerClose) throw new Error('no footer close button');
    await user.click(footerClose);
    expect(onClose).toHaveBeenCalled();
  });
});
