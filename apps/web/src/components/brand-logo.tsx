import { useBrand } from '../lib/runtime-config';

export function BrandLogo({ height = 32 }: { height?: number }) {
  const brand = useBrand();
  return (
    <img src={brand.logoUrl} alt={brand.name} height={height} style={{ display: 'block', width: 'auto', height }} />
  );
}
