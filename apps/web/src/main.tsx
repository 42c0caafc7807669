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
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClientHolder } from './app/query-client';
import { createRoutes } from './app/routes';
import { handleSessionEnd } from './app/session/session-events';
import { loadBrand } from './brands/brands';
import { resolveBrandId } from './brands/resolve-brand';
import { setApiBaseUrl } from './lib/api-base-url';
import { readDevToolsEnabled, readMetaBrand } from './lib/app-meta';
import { resolveEnvironment } from './lib/environment';
import { initI18n } from './lib/i18n';
import { initialLanguage } from './lib/language';
import { setFromCustomerId } from './lib/session';
import { localStore, StorageKey } from './lib/storage';

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
  const isDevToolsEnabled = readDevToolsEnabled();
  const brand = await loadBrand(
    resolveBrandId({
      devSwitcherValue: localStore.get(StorageKey.devBrand),
      isDevToolsEnabled,
      hostname: window.location.hostname,
      metaBrand: readMetaBrand(),
    }),
  );
  const environment = resolveEnvironment(brand.id, brand.environments, window.location.search);
  setApiBaseUrl(environment.apiBaseUrl);
  readFromCustomerId(window.location.search);
  applyBrandToDocument(brand.name, brand.faviconUrl);
  await initI18n(initialLanguage(brand.languages, navigator.languages), ['common']);

  const queryClientHolder = createQueryClientHolder();
  const router = createBrowserRouter(createRoutes(queryClientHolder));
  handleSessionEnd(router, queryClientHolder);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <AppProviders runtimeConfig={{ brand, environment, isDevToolsEnabled }} queryClientHolder={queryClientHolder}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  if (import.meta.env.PROD) {
    // After first paint: the update check is never on the critical path.
    void import('./app/update-notice').then(({ startUpdateChecks }) => startUpdateChecks(__BUILD_ID__));
  }
}

void start();
