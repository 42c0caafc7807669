/* global document, location, history */
// The device companion's behaviour (/dev/device): links a device with e-mail and password, or with
// the one-time token of the website's QR code (the page opened as /dev/device#link=…, or the link
// pasted), keeps its secret in localStorage, signs in as the device (POST /auth/token {secret}),
// listens on GET /ws with the device token and answers pushes (sign-ins, new devices, transfers
// waiting for strong customer authentication, changes of the two-step verification to push)
// through their confirm endpoints. Everything shown is written with textContent, never as HTML.
'use strict';

const STORAGE_KEY = 'harbor.deviceCompanion';
const RECONNECT_DELAY_MS = 2000;

const elements = {
  qrLinkSection: document.getElementById('qr-link-section'),
  qrLinkHeading: document.getElementById('qr-link-heading'),
  qrLinkSummary: document.getElementById('qr-link-summary'),
  qrLinkReplaces: document.getElementById('qr-link-replaces'),
  qrLinkForm: document.getElementById('qr-link-form'),
  qrLinkCancel: document.getElementById('qr-link-cancel'),
  qrLinkError: document.getElementById('qr-link-error'),
  pasteSection: document.getElementById('paste-section'),
  pasteForm: document.getElementById('paste-form'),
  pasteError: document.getElementById('paste-error'),
  linkSection: document.getElementById('link-section'),
  linkForm: document.getElementById('link-form'),
  linkError: document.getElementById('link-error'),
  deviceSection: document.getElementById('device-section'),
  deviceSummary: document.getElementById('device-summary'),
  connection: document.getElementById('connection'),
  forget: document.getElementById('forget'),
  approvals: document.getElementById('approvals'),
  noApprovals: document.getElementById('no-approvals'),
  status: document.getElementById('status'),
};

let device = null;
let deviceToken = null;
let socket = null;
let isStopped = false;
/** The QR link being confirmed: { token, email, expiresAt }; null otherwise. */
let pendingLink = null;
const approvals = new Map();

/**
 * The one-time token of a device link: the companion's own address (`…/dev/device#link=…`, or
 * `?link=…`), the mobile app's deep link (`<brand>://device-link?token=…`), or the bare token.
 */
function linkTokenOf(text) {
  const value = String(text).trim();
  if (/^[A-Za-z0-9_-]{16,128}$/.test(value)) return value;
  let url;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const token =
    new URLSearchParams(url.hash.slice(1)).get('link') ??
    url.searchParams.get('link') ??
    (url.hostname === 'device-link' ? url.searchParams.get('token') : null);
  return token !== null && /^[A-Za-z0-9_-]{16,128}$/.test(token) ? token : null;
}

function announce(text) {
  elements.status.textContent = text;
}

function loadDevice() {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return stored && typeof stored.secret === 'string' ? stored : null;
  } catch {
    return null;
  }
}

async function callJson(method, url, body, token) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await response.json().catch(() => ({}));
  return { status: response.status, json };
}

async function signInAsDevice() {
  const { status, json } = await callJson('POST', '/auth/token', { secret: device.secret });
  if (status !== 200) {
    forgetDevice('This device is no longer linked. Link it again.');
    return false;
  }
  deviceToken = json.deviceToken;
  return true;
}

/** A device call; an expired device token is renewed from the secret once. */
async function deviceCall(method, url, body) {
  let answer = await callJson(method, url, body, deviceToken);
  if (answer.status === 401 && (await signInAsDevice())) answer = await callJson(method, url, body, deviceToken);
  return answer;
}

function keyOf(approval) {
  return approval.kind === 'signIn' ? `signIn:${approval.key}` : `${approval.kind}:${approval.deviceId ?? approval.id}`;
}

function describe(approval) {
  const until = new Date(approval.expiresAt).toLocaleTimeString();
  if (approval.kind === 'signIn') {
    return `Sign-in on ${approval.client} from ${approval.ip}${approval.userAgent ? ` (${approval.userAgent})` : ''}, until ${until}.`;
  }
  if (approval.kind === 'deviceLink') return `Link a new ${approval.type} device “${approval.name}”, until ${until}.`;
  if (approval.kind === 'transfer') {
    return `Transfer of ${approval.amount} ${approval.currencyCode} to ${approval.to}, until ${until}.`;
  }
  if (approval.kind === 'twoStep') {
    const what = approval.target === 'signIn' ? 'the second step of sign-in' : 'the approval of transactions';
    return `Change ${what} to “${approval.mode}”, until ${until}.`;
  }
  return `An approval of kind “${approval.kind}”.`;
}

function confirmUrlOf(approval) {
  if (approval.kind === 'signIn') return `/auth/login/${encodeURIComponent(approval.key)}/confirm`;
  if (approval.kind === 'deviceLink') return `/auth/devices/${encodeURIComponent(approval.deviceId)}/confirm`;
  if (approval.kind === 'transfer') return `/device-api/transfer-approvals/${encodeURIComponent(approval.id)}`;
  if (approval.kind === 'twoStep') {
    return `/customer/two-step-verification/${encodeURIComponent(approval.id)}/device-confirm`;
  }
  return null;
}

function render() {
  elements.approvals.replaceChildren();
  for (const approval of approvals.values()) {
    const item = document.createElement('li');
    const text = document.createElement('p');
    text.textContent = describe(approval);
    item.append(text);
    const url = confirmUrlOf(approval);
    if (url !== null) {
      for (const [label, result, className] of [
        ['Approve', true, ''],
        ['Decline', false, 'decline'],
      ]) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = label;
        if (className) button.className = className;
        button.setAttribute('aria-label', `${label}: ${describe(approval)}`);
        button.addEventListener('click', () => void answer(approval, url, result));
        item.append(button);
      }
    }
    elements.approvals.append(item);
  }
  elements.noApprovals.hidden = approvals.size > 0;
}

async function answer(approval, url, result) {
  const { status, json } = await deviceCall('PUT', url, { result });
  approvals.delete(keyOf(approval));
  render();
  announce(status === 200 ? (result ? 'Approved.' : 'Declined.') : (json.responseDescription ?? 'That did not work.'));
}

async function loadPending() {
  const signIns = await deviceCall('GET', '/auth/push/pending');
  const transfers = await deviceCall('GET', '/device-api/transfer-approvals');
  if (signIns.status !== 200 && transfers.status !== 200) return;
  approvals.clear();
  for (const answer of [signIns, transfers]) {
    if (answer.status !== 200) continue;
    for (const approval of answer.json.approvals) approvals.set(keyOf(approval), approval);
  }
  render();
}

/** Shows the confirmation of a QR link, else the device, else the ways to link one. */
function showView() {
  elements.qrLinkSection.hidden = pendingLink === null;
  elements.deviceSection.hidden = pendingLink !== null || device === null;
  elements.pasteSection.hidden = pendingLink !== null || device !== null;
  elements.linkSection.hidden = pendingLink !== null || device !== null;
}

function connect() {
  if (isStopped || device === null) return;
  const current = new WebSocket(`${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`);
  socket = current;
  elements.connection.textContent = 'connecting…';
  current.addEventListener('open', () => current.send(JSON.stringify({ type: 'auth', deviceToken })));
  current.addEventListener('message', (event) => {
    if (socket !== current) return;
    const message = JSON.parse(event.data);
    if (message.type === 'ready') {
      elements.connection.textContent = 'connected';
      void loadPending();
      return;
    }
    if (message.type !== 'pushApproval') return;
    if (message.status === 'pending') {
      approvals.set(keyOf(message.payload), message.payload);
      announce('A new request is waiting for your answer.');
    } else {
      approvals.delete(keyOf(message.payload));
    }
    render();
  });
  current.addEventListener('close', (event) => {
    // A socket of a device this browser no longer holds says nothing about the current one.
    if (socket !== current) return;
    elements.connection.textContent = 'not connected';
    if (isStopped) return;
    // 4401: the device token expired or the device was removed; a fresh sign-in tells which.
    const reconnect = event.code === 4401 ? signInAsDevice() : Promise.resolve(true);
    void reconnect.then((isLinked) => {
      if (isLinked) setTimeout(connect, RECONNECT_DELAY_MS);
    });
  });
}

async function start() {
  showView();
  elements.deviceSummary.textContent = `“${device.name}” (${device.type}, code ${device.code}), linked to ${device.email}.`;
  isStopped = false;
  if (await signInAsDevice()) connect();
}

/** Stops listening as the held device; the browser still keeps its secret. */
function stopDevice() {
  isStopped = true;
  const current = socket;
  socket = null;
  current?.close();
  device = null;
  deviceToken = null;
  approvals.clear();
  render();
}

function forgetDevice(message) {
  stopDevice();
  localStorage.removeItem(STORAGE_KEY);
  showView();
  announce(message);
}

/** Keeps the device this browser now plays, and starts listening as it. */
function holdDevice(linked, email) {
  if (device !== null) stopDevice();
  device = {
    secret: linked.secret,
    id: linked.device.id,
    code: linked.device.code,
    name: linked.device.name,
    type: linked.device.type,
    email,
  };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(device));
  announce('Device linked.');
  void start();
}

/** Asks the server whose account the token links to, and shows the confirmation. */
async function openLink(token) {
  elements.pasteError.textContent = '';
  const { status, json } = await callJson('POST', '/device-api/device/link/preview', { token });
  if (status !== 200) {
    pendingLink = null;
    showView();
    elements.pasteError.textContent =
      json.responseDescription ?? 'This link does not work. Show a new QR code on the website.';
    return;
  }
  pendingLink = { token, email: json.email, expiresAt: json.expiresAt };
  elements.qrLinkHeading.textContent = `Link this device to ${json.email}?`;
  elements.qrLinkSummary.textContent = `It will approve this account's sign-ins and payments. The link works until ${new Date(json.expiresAt).toLocaleTimeString()}.`;
  elements.qrLinkReplaces.hidden = device === null;
  elements.qrLinkReplaces.textContent =
    device === null ? '' : `This browser stops playing “${device.name}”, linked to ${device.email}.`;
  elements.qrLinkError.textContent = '';
  showView();
  elements.qrLinkHeading.focus();
}

elements.qrLinkForm.addEventListener('submit', (event) => {
  event.preventDefault();
  if (pendingLink === null) return;
  elements.qrLinkError.textContent = '';
  const link = pendingLink;
  const form = new FormData(elements.qrLinkForm);
  const body = { token: link.token, name: String(form.get('name') ?? ''), type: String(form.get('type') ?? '') };
  void callJson('POST', '/device-api/device/link', body).then(({ status, json }) => {
    if (status !== 200) {
      const problem = json.validationErrors?.[0];
      elements.qrLinkError.textContent = problem
        ? `${problem.field}: ${problem.message}`
        : (json.responseDescription ?? 'The device could not be linked.');
      return;
    }
    pendingLink = null;
    holdDevice(json, link.email);
  });
});

elements.qrLinkCancel.addEventListener('click', () => {
  pendingLink = null;
  showView();
  announce('The device was not linked.');
});

elements.pasteForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const token = linkTokenOf(new FormData(elements.pasteForm).get('link') ?? '');
  if (token === null) {
    elements.pasteError.textContent = 'Paste the whole link shown under the QR code on the website.';
    return;
  }
  void openLink(token);
});

elements.linkForm.addEventListener('submit', (event) => {
  event.preventDefault();
  elements.linkError.textContent = '';
  const form = new FormData(elements.linkForm);
  const body = Object.fromEntries(['username', 'password', 'name', 'type'].map((field) => [field, form.get(field)]));
  void callJson('POST', '/dev/device/link', body).then(({ status, json }) => {
    if (status !== 200) {
      elements.linkError.textContent = json.responseDescription ?? 'The device could not be linked.';
      return;
    }
    holdDevice(json, body.username);
  });
});

elements.forget.addEventListener('click', () => forgetDevice('This browser forgot the device.'));

device = loadDevice();
// Opened from the website's QR code: the token leaves the address bar (and the history) at once.
const openedWithToken = linkTokenOf(location.href);
if (openedWithToken !== null) history.replaceState(null, '', location.pathname);
if (device === null) showView();
else void start();
if (openedWithToken !== null) void openLink(openedWithToken);
