import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from './runtime-config';

/** "Page · Brand", so a tab, a bookmark and a screen reader all say where the customer is. */
export function useDocumentTitle(page: string | undefined): void {
  const brand = useBrand();
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = page ? t('pageTitle', { page, brand: brand.name }) : brand.name;
  }, [page, brand.name, t]);
}
