import { describe, expect, it } from 'vitest';
import { isForLanguage } from './live-notifications';

describe('isForLanguage', () => {
  it('shows an announcement only to readers of a language it was published in', () => {
    expect(isForLanguage({ newsId: 4, languages: 'en,ro' }, 'ro')).toBe(true);
    expect(isForLanguage({ newsId: 4, languages: 'en,ro' }, 'ru')).toBe(false);
    expect(isForLanguage({ newsId: 4, languages: 'ua' }, 'ua')).toBe(true);
  });

  it('shows notifications without a language list to everyone', () => {
    expect(isForLanguage({ notificationType: 'fundsReceived' }, 'pt')).toBe(true);
    expect(isForLanguage({ languages: '' }, 'pt')).toBe(true);
    expect(isForLanguage({ languages: 3 }, 'pt')).toBe(true);
  });
});
