import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BRAND_IDS, isBrandId } from '../brands/brand';
import { BRAND_DIRECTORY } from '../brands/brand-directory';
import { useRuntimeConfig } from '../lib/runtime-config';
import { localStore, StorageKey } from '../lib/storage';

/** Development only: pick a brand for this browser; the page reloads into it. */
export function DevBrandSwitcher() {
  const { brand, isDevToolsEnabled } = useRuntimeConfig();
  const { t } = useTranslation('common');
  if (!isDevToolsEnabled) return null;
  return (
    <NativeSelect
      size="xs"
      label={t('devTools.brand')}
      value={brand.id}
      data={BRAND_IDS.map((id) => ({ value: id, label: BRAND_DIRECTORY[id].name }))}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (!isBrandId(value)) return;
        localStore.set(StorageKey.devBrand, value);
        window.location.reload();
      }}
    />
  );
}
