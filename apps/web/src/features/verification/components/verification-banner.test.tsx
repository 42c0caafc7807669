import { verificationSummaryOf, type VerificationInput } from '@app/shared/verification-status';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render-screen';
import { VerificationBanner } from './verification-banner';

const CLEAN: VerificationInput = {
  isRepresentative: false,
  isVerified: true,
  isLimited: false,
  limitRequirements: [],
  hasDuplicateDocuments: false,
  isCardDocumentRequired: false,
  address: 'confirmed',
  identity: 'confirmed',
  hasUnconfirmedPhone: false,
  videoIdentity: 'notRequired',
  hasDocumentsInReview: false,
};

describe('VerificationBanner', () => {
  it('lists the required actions and links to where to act', async () => {
    const summary = verificationSummaryOf({ ...CLEAN, identity: 'missing', hasUnconfirmedPhone: true });
    renderScreen(<VerificationBanner summary={summary} isLoaded />);
    const banner = await screen.findByTestId('verification-banner');
    expect(banner).toHaveTextContent('Complete your verification');
    expect(banner).toHaveTextContent('2 things need your attention:');
    expect(screen.getByText('Confirm your phone number')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue verification' })).toHaveAttribute('href', '/kyc');
  });

  it('says documents are being reviewed, without a link', async () => {
    renderScreen(
      <VerificationBanner summary={verificationSummaryOf({ ...CLEAN, hasDocumentsInReview: true })} isLoaded />,
    );
    expect(await screen.findByText('We are reviewing your documents')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('is hidden once checked, while loading, and on auth pages', async () => {
    const { rerender } = renderScreen(<VerificationBanner summary={verificationSummaryOf(CLEAN)} isLoaded />);
    await screen.findByText((_, element) => element?.tagName === 'BODY');
    expect(screen.queryByTestId('verification-banner')).toBeNull();
    const warning = verificationSummaryOf({ ...CLEAN, isLimited: true });
    rerender(<VerificationBanner summary={warning} isLoaded={false} />);
    expect(screen.queryByTestId('verification-banner')).toBeNull();
    rerender(<VerificationBanner summary={warning} isLoaded page="auth" />);
    expect(screen.queryByTestId('verification-banner')).toBeNull();
  });
});
