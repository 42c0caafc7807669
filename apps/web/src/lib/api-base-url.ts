/** '' = same origin (production); a staging environment sets its own base URL at start-up. */
let apiBaseUrl = '';

export function setApiBaseUrl(baseUrl: string): void {
  apiBaseUrl = baseUrl.replace(/\/+$/, '');
}

export function getApiBaseUrl(): string {
  return apiBaseUrl;
}
