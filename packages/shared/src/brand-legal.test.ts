import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRAND_LEGAL, brandLegalOf } from './brand-legal';

/** The web brand configs hold the same letter texts for screens; documents must not disagree with them. */
function webBrandConfig(brand: string): string {
  return readFileSync(new URL(`../../../apps/web/src/brands/${brand}/config.ts`, import.meta.url), 'utf8');
}

/** How a string literal of the config file may spell the text (quotes escaped or not). */
function appearsIn(source: string, text: string): boolean {
  return source.includes(text) || source.includes(text.replace(/'/g, "\\'"));
}

describe('brand legal details', () => {
  it.each(Object.entries(BRAND_LEGAL))('%s matches the web brand config', (brand, legal) => {
    const source = webBrandConfig(brand);
    expect(appearsIn(source, legal.issuerName)).toBe(true);
    for (const line of legal.address) expect(appearsIn(source, line), line).toBe(true);
    expect(appearsIn(source, legal.regulatorFooter)).toBe(true);
    expect(appearsIn(source, legal.supportEmail)).toBe(true);
  });

  it('refuses an unknown brand instead of printing another brand on its documents', () => {
    expect(() => brandLegalOf('unknown')).toThrow(/Unknown brand/);
    expect(brandLegalOf('harbor').issuerName).toBe('Harbor Payments Ltd');
  });
});
