import { describe, expect, it } from 'vitest';
import { resolveEnvironment } from './environment';
import { StorageKey } from './storage';

const environments = {
  defaultEnvironment: 'production' as const,
  stagingCount: 3,
  stagingApiBaseUrlTemplate: 'https://api.staging-{n}.harbor.example',
};

describe('environment selection', () => {
  it('is production, same origin, by default', () => {
    expect(resolveEnvironment('harbor', environments, '')).toEqual({
      name: 'production',
      apiBaseUrl: '',
      isProduction: true,
    });
  });

  it('takes ?env=staging-N, builds its base URL and remembers it per brand', () => {
    expect(resolveEnvironment('harbor', environments, '?env=staging-2')).toEqual({
      name: 'staging-2',
      apiBaseUrl: 'https://api.staging-2.harbor.example',
      isProduction: false,
    });
    expect(localStorage.getItem(`${StorageKey.environmentPrefix}harbor`)).toBe('staging-2');
    expect(resolveEnvironment('harbor', environments, '').name).toBe('staging-2');
    expect(resolveEnvironment('lumen', environments, '').name).toBe('production');
    expect(resolveEnvironment('harbor', environments, '?env=production').name).toBe('production');
  });

  it('ignores staging numbers the brand does not have and malformed values', () => {
    expect(resolveEnvironment('harbor', environments, '?env=staging-9').name).toBe('production');
    expect(resolveEnvironment('harbor', environments, '?env=staging-0').name).toBe('production');
    expect(resolveEnvironment('harbor', environments, '?env=qa').name).toBe('production');
  });
});
