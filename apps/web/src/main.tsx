import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import { LANGUAGES } from '@app/shared/constants';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClientHolder } from './app/query-client';
import { preloadFirstScreen } from './app/route-preload';
import { createRoutes } from './app/routes';
import { handleSessionEnd } from './app/session/session-events';
import { loadBrand } from './brands/brands';
import { resolveBrandId } from './brands/resolve-brand';
import { GlobalLoader } from './components/global-loader';
import { setApiBaseUrl } from './lib/api-base-url';
import { readDevToolsEnabled, readMetaBrand } from './lib/app-meta';
import { resolveEnvironment } from './lib/environment';
import { initI18n, preloadTranslations } from './lib/i18n';
import { initialLanguage } from './lib/language';
import { getMobileBridge } from './lib/mobile-bridge';
import { setFromCustomerId } from './lib/session';
import { localStore, StorageKey } from './lib/storage';
import { whenIdleAfterLoad } from './lib/when-idle';
import { yieldToMain } from './lib/yield-to-main';

function applyBrandToDocument(name: string, faviconUrl: string): void {
  document.title = name;
  let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = document.createElement('link');
    icon.rel = 'icon';
    document.head.append(icon);
  }
  icon.type = 'image/svg+xml';
  icon.href = faviconUrl;
}

function readFromCustomerId(search: string): void {
  const value = Number(new URLSearchParams(search).get('fromCustomerId'));
  if (Number.isSafeInteger(value) && value > 0) setFromCustomerId(value);
}

async function start(): Promise<void> {
  // Inside the mobile app: the global loader at once, the app asked who it is 100 ms later (spec 000 §1).
  const mobileBridge = getMobileBridge();
  mobileBridge.start();
  // Each step of start-up below is a task of its own: evaluating the modules is long enough already.
  await yieldToMain();
  const isDevToolsEnabled = readDevToolsEnabled();
  const brandLoad = loadBrand(
    resolveBrandId({
      devSwitcherValue: localStore.get(StorageKey.devBrand),
      isDevToolsEnabled,
      hostname: window.location.hostname,
      metaBrand: readMetaBrand(),
    }),
  );
  // The first screen's code and words download alongside the brand rather than one after another.
  // The language is a guess until the brand says which it offers; every brand offers the usual guess.
  const queryClientHolder = createQueryClientHolder();
  const routes = createRoutes(queryClientHolder);
  const firstScreen = preloadFirstScreen(routes, window.location.pathname);
  preloadTranslations(initialLanguage(LANGUAGES, navigator.languages), ['common', ...firstScreen.namespaces]);
  await yieldToMain();

  const brand = await brandLoad;
  const environment = resolveEnvironment(brand.id, brand.environments, window.location.search);
  setApiBaseUrl(environment.apiBaseUrl);
  readFromCustomerId(window.location.search);
  applyBrandToDocument(brand.name, brand.faviconUrl);
  await initI18n(initialLanguage(brand.languages, navigator.languages), ['common']);
  // Requests carry the environment's base URL, the customer acted for and the language: all known now.
  firstScreen.loadData();
  await yieldToMain();

  const router = createBrowserRouter(routes);
  handleSessionEnd(router, queryClientHolder);
  await yieldToMain();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // A transition renders in slices and yields to the browser in between, so the first screen never
  // holds the main thread in one long task (router updates are transitions already).
  startTransition(() => {
    root.render(
      <AppProviders runtimeConfig={{ brand, environment, isDevToolsEnabled }} queryClientHolder={queryClientHolder}>
        <RouterProvider router={router} />
        {mobileBridge.isAvailable ? <GlobalLoader bridge={mobileBridge} /> : null}
      </AppProviders>,
    );
  });
  if (import.meta.env.PROD) {
    // The update check is never on the critical path: it starts once the page has loaded and settled.
    whenIdleAfterLoad(() => {
      void import('./app/update-notice').then(({ startUpdateChecks }) => startUpdateChecks(__BUILD_ID__));
    });
  }
}

void start();
