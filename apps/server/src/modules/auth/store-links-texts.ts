import type { Language } from '@app/shared/constants';

/** The SMS with the brand's app-store links (store-links.ts) in each language; the links stay as they are. */
export type StoreLinksText = (facts: { brand: string; ios: string; android: string }) => string;

const STORE_LINKS_TEXT: Record<Language, StoreLinksText> = {
  en: ({ brand, ios, android }) => `Get the ${brand} app. iPhone: ${ios} Android: ${android}`,
  es: ({ brand, ios, android }) => `Descarga la aplicación de ${brand}. iPhone: ${ios} Android: ${android}`,
  pt: ({ brand, ios, android }) => `Transfira a aplicação ${brand}. iPhone: ${ios} Android: ${android}`,
  ro: ({ brand, ios, android }) => `Descarcă aplicația ${brand}. iPhone: ${ios} Android: ${android}`,
  ru: ({ brand, ios, android }) => `Установите приложение ${brand}. iPhone: ${ios} Android: ${android}`,
  ua: ({ brand, ios, android }) => `Встановіть застосунок ${brand}. iPhone: ${ios} Android: ${android}`,
};

export function storeLinksTextIn(language: Language): StoreLinksText {
  return STORE_LINKS_TEXT[language];
}
