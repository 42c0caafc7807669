import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-pass-2026';

/** Signs in through the form, as a customer would. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Serious and critical axe violations only; the rest is reported by the check itself. Axe reads
 * the page as it is drawn at that moment, so it waits for running transitions to end first: a menu
 * still closing after its item was chosen, or a dialog fading in (its text then has part of its
 * contrast), is not the page the customer reads. Endless animations (a spinner) are not waited for.
 * `exclude`: a part of the page another journey answers for.
 */
export async function expectNoSeriousAccessibilityViolations(
  page: Page,
  options: { exclude?: string } = {},
): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const builder = new AxeBuilder({ page });
  const results = await (options.exclude === undefined ? builder : builder.exclude(options.exclude)).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

interface OutboxMessage {
  subject?: string;
  body?: string;
}

/** The six-digit code of the message marked `#identifier` (the number the screen shows), from the outbox. */
export async function sentCode(request: APIRequestContext, recipient: string, identifier: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
      const { messages } = (await response.json()) as { messages: OutboxMessage[] };
      const message = messages.find((item) => `${item.subject ?? ''} ${item.body ?? ''}`.includes(`#${identifier}`));
      code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code ?? '';
}
