/**
 * Values the server writes into index.html (`%APP_BRAND%`, `%APP_DEV_TOOLS%`). Under the Vite dev
 * server they stay unreplaced: that means the default brand and dev tools on.
 */
function metaContent(name: string): string | null {
  const content = document.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
  if (content === undefined || content === null) return null;
  const trimmed = content.trim();
  if (trimmed === '' || trimmed.startsWith('%')) return null;
  return trimmed;
}

export function readMetaBrand(): string | null {
  return metaContent('app-brand');
}

export function readDevToolsEnabled(): boolean {
  const value = metaContent('app-dev-tools');
  return value === null ? true : value === 'true';
}
