import type { Brand, BrandId } from './brand';
import { harbor } from './harbor/config';

/** The main brand: it ships in the entry, so its pages need no brand file before the first paint. */
const DEFAULT_BRAND: Brand = harbor;
export const DEFAULT_BRAND_ID: BrandId = DEFAULT_BRAND.id;

type BrandModule = Record<string, unknown>;

// One chunk per other brand: a page downloads only the brand it shows.
const brandLoaders = import.meta.glob<BrandModule>(['./*/config.ts', '!./harbor/config.ts']);

function isBrand(value: unknown, id: BrandId): value is Brand {
  return typeof value === 'object' && value !== null && (value as { id?: unknown }).id === id;
}

export async function loadBrand(id: BrandId): Promise<Brand> {
  if (id === DEFAULT_BRAND_ID) return DEFAULT_BRAND;
  const load = brandLoaders[`./${id}/config.ts`];
  if (!load) throw new Error(`No config for brand ${id}`);
  const module = await load();
  const brand = module[id];
  if (!isBrand(brand, id)) throw new Error(`Brand module ${id} does not export its config`);
  return brand;
}
