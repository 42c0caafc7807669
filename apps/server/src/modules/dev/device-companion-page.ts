import { escapeHtml } from '../../platform/html';

/**
 * /dev/device: a stand-in for the mobile app, so push sign-in can be tried and tested without a
 * phone. Plain server-rendered HTML; its behaviour lives in /dev/device.js (the CSP allows
 * same-origin scripts only, none inline), which writes to the page with textContent only. The QR
 * code of the website's "link a new device" opens this page with the link token (`#link=…`).
 */
export function renderDeviceCompanionPage(params: { brandName: string; demoEmail: string }): string {
  const brand = escapeHtml(params.brandName);
  const demoEmail = escapeHtml(params.demoEmail);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Device companion (development) · ${brand}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 1.5rem auto; max-width: 40rem; padding: 0 1rem; color: #1a1a1a; background: #fff; line-height: 1.5; }
  label { display: block; margin-top: 0.75rem; font-weight: 600; }
  input, select { display: block; width: 100%; box-sizing: border-box; padding: 0.5rem; margin-top: 0.25rem; border: 1px solid #595959; border-radius: 4px; font: inherit; }
  button { margin-top: 1rem; padding: 0.5rem 1rem; border-radius: 4px; border: 1px solid #0b57d0; background: #0b57d0; color: #fff; font: inherit; cursor: pointer; }
  button.secondary { background: #fff; color: #0b57d0; }
  button.decline { background: #fff; color: #a50e0e; border-color: #a50e0e; }
  form button + button { margin-left: 0.5rem; }
  /* Focused by the script when the link step opens, for screen readers; not a control. */
  #qr-link-heading:focus { outline: none; }
  button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
  .error { color: #a50e0e; }
  ul.approvals { list-style: none; padding: 0; }
  ul.approvals li { border: 1px solid #767676; border-radius: 6px; padding: 0.75rem 1rem; margin-bottom: 0.75rem; }
  ul.approvals li button { margin-right: 0.5rem; }
</style>
</head>
<body>
<main>
<h1>Device companion</h1>
<p>Plays the ${brand} mobile app in development: link it to a user, then approve or decline that user's push sign-ins and transfers here.
The device's secret stays in this browser's local storage.</p>

<section id="qr-link-section" aria-labelledby="qr-link-heading" hidden>
<h2 id="qr-link-heading" tabindex="-1">Link this device?</h2>
<p id="qr-link-summary"></p>
<p id="qr-link-replaces" hidden></p>
<form id="qr-link-form" novalidate>
<label for="qr-link-name">Device name</label>
<input id="qr-link-name" name="name" type="text" maxlength="64" required value="Companion phone">
<label for="qr-link-type">Type</label>
<select id="qr-link-type" name="type"><option value="android">Android</option><option value="ios">iOS</option></select>
<button type="submit">Link</button>
<button id="qr-link-cancel" type="button" class="secondary">Cancel</button>
</form>
<p id="qr-link-error" class="error" role="alert"></p>
</section>

<section id="paste-section" aria-labelledby="paste-heading" hidden>
<h2 id="paste-heading">Link with the website's QR code</h2>
<p>In the security settings of the website, choose “Link a new device” and scan the QR code with this phone's camera.</p>
<form id="paste-form" novalidate>
<label for="paste-link">I can't scan: paste the link</label>
<input id="paste-link" name="link" type="text" autocomplete="off" spellcheck="false" required>
<button type="submit">Continue</button>
</form>
<p id="paste-error" class="error" role="alert"></p>
</section>

<section id="link-section" aria-labelledby="link-heading" hidden>
<h2 id="link-heading">Or link it by signing in</h2>
<form id="link-form" novalidate>
<label for="link-email">E-mail</label>
<input id="link-email" name="username" type="email" autocomplete="username" required value="${demoEmail}">
<label for="link-password">Password</label>
<input id="link-password" name="password" type="password" autocomplete="current-password" required>
<label for="link-name">Device name</label>
<input id="link-name" name="name" type="text" maxlength="64" required value="Companion phone">
<label for="link-type">Type</label>
<select id="link-type" name="type"><option value="android">Android</option><option value="ios">iOS</option></select>
<button type="submit">Link device</button>
</form>
<p id="link-error" class="error" role="alert"></p>
</section>

<section id="device-section" aria-labelledby="device-heading" hidden>
<h2 id="device-heading">This device</h2>
<p id="device-summary"></p>
<p>Connection: <strong id="connection">not connected</strong></p>
<button id="forget" type="button" class="secondary">Forget this device</button>
<h2 id="approvals-heading">Waiting for your answer</h2>
<p id="no-approvals">Nothing to approve right now. Sign in as this user in another tab to see a request arrive.</p>
<ul id="approvals" class="approvals" aria-labelledby="approvals-heading"></ul>
</section>

<p id="status" role="status" aria-live="polite"></p>
<noscript><p class="error">The companion needs JavaScript.</p></noscript>
</main>
<script src="/dev/device.js" defer></script>
</body>
</html>
`;
}
