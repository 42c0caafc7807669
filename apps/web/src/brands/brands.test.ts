import { describe, expect, it } from 'vitest';
import { type Brand, BRAND_IDS } from './brand';
import { BRAND_DIRECTORY } from './brand-directory';
import { loadBrand } from './brands';
import { resolveBrandId } from './resolve-brand';

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const WHITE = '#ffffff';
const MANTINE_DARK_BODY = '#242424';

async function allBrands(): Promise<Brand[]> {
  return Promise.all(BRAND_IDS.map((id) => loadBrand(id)));
}

describe('brands', () => {
  it('are the six fictional brands, each with a config matching its directory entry', async () => {
    const brands = await allBrands();
    expect(brands.map((brand) => brand.id)).toEqual(['harbor', 'lumen', 'cobalt', 'fjord', 'saffron', 'tidewater']);
    for (const brand of brands) {
      expect(brand.name).toBe(BRAND_DIRECTORY[brand.id].name);
      expect(brand.support.email).toContain('@');
      expect(brand.accountConfirmationLetter.issuerName).not.toBe('');
    }
  });

  it('primary colours pass WCAG AA 4.5:1: text on white and white on primary (light shade 6, dark shade 8)', async () => {
    for (const brand of await allBrands()) {
      for (const shade of [6, 7, 8, 9] as const) {
        expect(contrast(brand.palette[shade], WHITE), `${brand.id} shade ${shade}`).toBeGreaterThanOrEqual(4.5);
      }
      // Dark mode links use shade 4 on the dark body.
      expect(contrast(brand.palette[4], MANTINE_DARK_BODY), `${brand.id} shade 4 on dark`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('follow the registration rules of spec 000 §1', async () => {
    const brands = await allBrands();
    const byId = Object.fromEntries(brands.map((brand) => [brand.id, brand]));
    expect(brands.filter((brand) => !brand.registration.isSelfRegistrationEnabled).map((brand) => brand.id)).toEqual([
      'tidewater',
    ]);
    expect(
      brands.filter((brand) => brand.registration.personalTypes.includes('webcamModels')).map((brand) => brand.id),
    ).toEqual(['harbor']);
    expect(
      brands.filter((brand) => brand.registration.businessTypes.includes('webcamStudios')).map((brand) => brand.id),
    ).toEqual(['harbor']);
    expect(byId.tidewater?.registration.businessTypes).not.toContain('liveStreamingNetworks');
    expect(brands.filter((brand) => brand.registration.isAdultIndustryHidden).length).toBeGreaterThan(1);
    expect(byId.harbor?.languages).toEqual(['en', 'es', 'ro', 'ru', 'ua', 'pt']);
    expect(brands.filter((brand) => brand.languages.length === 2).map((brand) => [brand.id, brand.languages])).toEqual([
      ['saffron', ['en', 'es']],
    ]);
  });
});

describe('brand resolution: dev switcher → host name → meta → harbor', () => {
  const base = { devSwitcherValue: null, isDevToolsEnabled: true, hostname: 'localhost', metaBrand: null };

  it('defaults to harbor', () => {
    expect(resolveBrandId(base)).toBe('harbor');
  });

  it('uses the server meta, then the host name over it', () => {
    expect(resolveBrandId({ ...base, metaBrand: 'cobalt' })).toBe('cobalt');
    expect(resolveBrandId({ ...base, metaBrand: 'cobalt', hostname: 'app.fjord.example' })).toBe('fjord');
  });

  it('honours the dev switcher only when dev tools are on', () => {
    const input = { ...base, devSwitcherValue: 'saffron', hostname: 'app.fjord.example' };
    expect(resolveBrandId(input)).toBe('saffron');
    expect(resolveBrandId({ ...input, isDevToolsEnabled: false })).toBe('fjord');
  });

  it('ignores unknown values', () => {
    expect(resolveBrandId({ ...base, devSwitcherValue: 'acme', metaBrand: '%APP_BRAND%' })).toBe('harbor');
  });
});
