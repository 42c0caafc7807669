import { escapeHtml } from '../../platform/html';
import type { OutboundMessage } from '../../platform/messaging/outbound-messages.repository';

/**
 * The /dev/outbox page: plain server-rendered HTML, no script (the CSP allows none inline). Every
 * stored value is escaped; only http(s) URLs in bodies become links, so a message cannot inject
 * markup or a javascript: link into the page.
 */
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Sentence punctuation after a URL in running text is not part of it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** Escaped text with its http(s) URLs as links. */
export function linkify(text: string): string {
  let html = '';
  let position = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    html += escapeHtml(text.slice(position, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    position = match.index + url.length;
  }
  return html + escapeHtml(text.slice(position));
}

function rowOf(message: OutboundMessage): string {
  const time = message.createdAt.toISOString();
  const body = message.body === null ? '<em>Not kept (production adapter)</em>' : linkify(message.body);
  return [
    '<tr>',
    `<td><time datetime="${escapeHtml(time)}">${escapeHtml(time.replace('T', ' ').slice(0, 19))} UTC</time></td>`,
    `<td>${message.channel === 'sms' ? 'SMS' : 'E-mail'}</td>`,
    `<td>${escapeHtml(message.recipient)}</td>`,
    `<td>${escapeHtml(message.subject ?? '')}</td>`,
    `<td class="body">${body}</td>`,
    `<td>${escapeHtml(message.status)}</td>`,
    '</tr>',
  ].join('');
}

export function renderOutboxPage(messages: OutboundMessage[], limit: number): string {
  const rows =
    messages.length === 0
      ? '<tr><td colspan="6">No messages yet. Mail and SMS sent by the app appear here.</td></tr>'
      : messages.map(rowOf).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox (development)</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #1a1a1a; background: #fff; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #767676; padding: 0.5rem; text-align: left; vertical-align: top; }
  th { background: #f0f0f0; }
  td.body { white-space: pre-wrap; overflow-wrap: anywhere; max-width: 40rem; }
  a { color: #0b57d0; }
  a:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>Outbox</h1>
<p>E-mails and SMS stored by the development adapters, the latest ${limit} newest first. Nothing here left this machine.
<a href="/dev/outbox">Reload</a> · <a href="/dev/outbox.json">JSON</a></p>
<table>
<caption>Latest outbound messages</caption>
<thead><tr><th scope="col">Time</th><th scope="col">Channel</th><th scope="col">Recipient</th><th scope="col">Subject</th><th scope="col">Message</th><th scope="col">Status</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</main>
</body>
</html>
`;
}
