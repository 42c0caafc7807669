import { BREAKPOINTS_PX } from '@app/shared/constants';
import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import type { Brand } from './brand';

const em = (px: number) => `${px / 16}em`;

export function themeOf(brand: Brand): MantineThemeOverride {
  const brandColors: MantineColorsTuple = [...brand.palette];
  return createTheme({
    colors: { brand: brandColors },
    primaryColor: 'brand',
    // Shade 6 carries white text at ≥ 5.5:1 in every brand; dark mode uses the deeper shade 8.
    primaryShade: { light: 6, dark: 8 },
    autoContrast: true,
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    breakpoints: {
      xs: em(BREAKPOINTS_PX.mobile),
      sm: em(BREAKPOINTS_PX.tablet),
      md: em(BREAKPOINTS_PX.laptop),
      lg: em(BREAKPOINTS_PX.desktop),
      xl: em(1440),
    },
  });
}

/**
 * Mantine's defaults put grey-6 dimmed text and red-6 errors on white (about 3.3:1). These keep every
 * text colour at WCAG AA 4.5:1 on the body colour of each scheme.
 */
export const accessibleCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
  },
});
