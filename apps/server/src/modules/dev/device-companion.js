/* global document, location */
// The device companion's behaviour (/dev/device): links a device with e-mail and password, keeps
// its secret in localStorage, signs in as the device (POST /auth/token {secret}), listens on GET
// /ws with the device token and answers pushes (sign-ins, new devices, transfers waiting for strong
// customer authentication, changes of the two-step verification to push) through their confirm
// endpoints. Everything shown is written with textContent, never as HTML.
'use strict';

const STORAGE_KEY = 'harbor.deviceCompanion';
const RECONNECT_DELAY_MS = 2000;

const elements = {
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
const approvals = new Map();

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

function connect() {
  if (isStopped || device === null) return;
  socket = new WebSocket(`${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`);
  elements.connection.textContent = 'connecting…';
  socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'auth', deviceToken })));
  socket.addEventListener('message', (event) => {
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
  socket.addEventListener('close', (event) => {
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
  elements.linkSection.hidden = true;
  elements.deviceSection.hidden = false;
  elements.deviceSummary.textContent = `“${device.name}” (${device.type}, code ${device.code}), linked to ${device.email}.`;
  isStopped = false;
  if (await signInAsDevice()) connect();
}

function forgetDevice(message) {
  isStopped = true;
  localStorage.removeItem(STORAGE_KEY);
  device = null;
  deviceToken = null;
  socket?.close();
  approvals.clear();
  render();
  elements.deviceSection.hidden = true;
  elements.linkSection.hidden = false;
  announce(message);
}

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
    device = {
      secret: json.secret,
      id: json.device.id,
      code: json.device.code,
      name: json.device.name,
      type: json.device.type,
      email: body.username,
    };
    localStorage.setItem(STORAGE_KEY, JSON.stringify(device));
    announce('Device linked.');
    void start();
  });
});

elements.forget.addEventListener('click', () => forgetDevice('This browser forgot the device.'));

device = loadDevice();
if (device === null) {
  elements.linkSection.hidden = false;
} else {
  void start();
}
