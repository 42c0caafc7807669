import type { BrandId } from './brand';

/**
 * The small part of every brand that is needed before the brand is known: its name (for the dev
 * switcher) and host names (for resolution). Each brand's full config loads on its own.
 */
export const BRAND_DIRECTORY: Readonly<Record<BrandId, { name: string; hostnames: readonly string[] }>> = {
  harbor: { name: 'Harbor', hostnames: ['harbor.example', 'app.harbor.example', 'www.harbor.example'] },
  lumen: { name: 'Lumen', hostnames: ['lumen.example', 'app.lumen.example', 'www.lumen.example'] },
  cobalt: { name: 'Cobalt', hostnames: ['cobalt.example', 'app.cobalt.example', 'www.cobalt.example'] },
  fjord: { name: 'Fjord', hostnames: ['fjord.example', 'app.fjord.example', 'www.fjord.example'] },
  saffron: { name: 'Saffron', hostnames: ['saffron.example', 'app.saffron.example', 'www.saffron.example'] },
  tidewater: {
    name: 'Tidewater',
    hostnames: ['tidewater.example', 'app.tidewater.example', 'www.tidewater.example'],
  },
};
