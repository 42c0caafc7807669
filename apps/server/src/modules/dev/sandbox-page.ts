import { PAYMENT_ACCOUNT_CURRENCIES } from '@app/shared/accounts';
import { formatAmount } from '@app/shared/money';
import { escapeHtml } from '../../platform/html';
import type { IncomingTransfer } from '../accounts/incoming-transfers.service';

/**
 * The /dev/sandbox page: the sandbox incoming rail, by hand. A plain form (no script: the CSP
 * allows none inline) reports a bank transfer as the rail would; a second one runs the jobs that
 * are due, which settles it. Every stored value is escaped.
 */

export interface SandboxPageState {
  transfers: IncomingTransfer[];
  limit: number;
  /** One line about what the last form did. */
  notice?: string;
  settleDelaySeconds: number;
}

function rowOf(transfer: IncomingTransfer): string {
  const time = transfer.receivedAt.toISOString();
  return [
    '<tr>',
    `<td>${transfer.id}</td>`,
    `<td><time datetime="${escapeHtml(time)}">${escapeHtml(time.replace('T', ' ').slice(0, 19))} UTC</time></td>`,
    `<td>${escapeHtml(transfer.payerName)}</td>`,
    `<td>${escapeHtml(transfer.reference)}</td>`,
    `<td class="amount">${escapeHtml(formatAmount(transfer.amountMinor, transfer.currency))} ${escapeHtml(transfer.currency)}</td>`,
    `<td>${escapeHtml(transfer.status)}${transfer.resolutionReason === null ? '' : ` (${escapeHtml(transfer.resolutionReason)})`}</td>`,
    `<td>${transfer.accountId ?? ''}</td>`,
    '</tr>',
  ].join('');
}

export function renderSandboxPage(state: SandboxPageState): string {
  const currencyOptions = PAYMENT_ACCOUNT_CURRENCIES.map(
    (currency) => `<option value="${currency}">${currency}</option>`,
  ).join('');
  const rows =
    state.transfers.length === 0
      ? '<tr><td colspan="7">No incoming transfers yet.</td></tr>'
      : state.transfers.map(rowOf).join('\n');
  const notice = state.notice === undefined ? '' : `<p role="status" class="notice">${escapeHtml(state.notice)}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox rails (development)</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #1a1a1a; background: #fff; max-width: 72rem; }
  form { display: grid; gap: 0.75rem; max-width: 28rem; margin-bottom: 1.5rem; }
  label { display: grid; gap: 0.25rem; font-weight: 600; }
  input, select { font: inherit; padding: 0.5rem; border: 1px solid #767676; border-radius: 4px; min-height: 2.75rem; box-sizing: border-box; }
  .check { display: flex; gap: 0.5rem; align-items: center; font-weight: 400; }
  .check input { min-height: auto; }
  button { font: inherit; padding: 0.6rem 1rem; min-height: 2.75rem; border: 0; border-radius: 4px; background: #0b57d0; color: #fff; cursor: pointer; justify-self: start; }
  button:focus-visible, input:focus-visible, select:focus-visible, a:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
  .hint { font-weight: 400; color: #4d4d4d; font-size: 0.9rem; }
  .notice { padding: 0.75rem; border: 1px solid #0b57d0; background: #eef3fd; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #767676; padding: 0.5rem; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
  th { background: #f0f0f0; }
  td.amount { text-align: right; font-variant-numeric: tabular-nums; }
  a { color: #0b57d0; }
</style>
</head>
<body>
<main>
<h1>Sandbox rails</h1>
<p>Simulate the outside world. Nothing here moves real money. Transfers settle about ${state.settleDelaySeconds} seconds after they are reported, when the job runner next runs (or at once with “Run due jobs”).
<a href="/dev/outbox">Outbox</a> · <a href="/dev/sandbox">Reload</a></p>
${notice}
<h2>Incoming bank transfer</h2>
<form method="post" action="/dev/sandbox/incoming-transfer/form">
  <label>Reference <span class="hint">The customer’s funding reference, as shown with the payment instructions.</span>
    <input name="reference" required maxlength="140" autocomplete="off"></label>
  <label>Amount <span class="hint">For example 250.00</span>
    <input name="amount" required inputmode="decimal" pattern="\\d{1,16}(\\.\\d{1,8})?" autocomplete="off"></label>
  <label>Currency <select name="currency">${currencyOptions}</select></label>
  <label>Payer name <input name="payerName" required maxlength="140" value="Sandbox Payer Ltd" autocomplete="off"></label>
  <label class="check"><input type="checkbox" name="isFailureSimulated" value="true"> The payer’s bank fails it (returned)</label>
  <button type="submit">Send transfer</button>
</form>
<form method="post" action="/dev/sandbox/run-jobs">
  <button type="submit">Run due jobs</button>
</form>
<table>
<caption>Latest ${state.limit} incoming transfers, newest first</caption>
<thead><tr><th scope="col">ID</th><th scope="col">Received</th><th scope="col">Payer</th><th scope="col">Reference</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Account</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</main>
</body>
</html>
`;
}
