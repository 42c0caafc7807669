import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { harbor } from '../../../brands/harbor/config';
import { tidewater } from '../../../brands/tidewater/config';
import { renderScreen, stubServer } from '../testing/render-screen';
import { RegisterChoice } from './register';
import RegisterPersonalRoute from './register-personal';

describe('register', () => {
  it('offers the personal account, and no business entry while that screen does not exist', () => {
    renderScreen(<RegisterChoice isBusinessAvailable={false} />, {
      path: '/register',
      url: '/register',
      brand: harbor,
    });
    expect(screen.getByRole('heading', { name: 'Open an account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open a personal account' })).toHaveAttribute('href', '/register/personal');
    expect(screen.queryByText('Business account')).not.toBeInTheDocument();
  });

  it('offers the business account once its screen exists', () => {
    renderScreen(<RegisterChoice isBusinessAvailable />, { path: '/register', url: '/register', brand: harbor });
    expect(screen.getByRole('link', { name: 'Open a business account' })).toHaveAttribute('href', '/register/business');
  });

  it('shows no registration at all on the brand with self-registration off', () => {
    const calls = stubServer({});
    renderScreen(<RegisterChoice isBusinessAvailable />, { path: '/register', url: '/register', brand: tidewater });
    expect(screen.getByRole('heading', { name: "Registration isn't available online" })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Open a/ })).not.toBeInTheDocument();
    renderScreen(<RegisterPersonalRoute />, {
      path: '/register/personal',
      url: '/register/personal',
      brand: tidewater,
    });
    expect(screen.queryByRole('form', { name: 'Personal registration' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
