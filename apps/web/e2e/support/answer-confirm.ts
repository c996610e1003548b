import { expect, type Page } from '@playwright/test';

/**
 * Runs `action`, which must open the page's own confirm dialog (components/confirm-dialog.tsx)
 * asking `question`, and presses its confirming button (`confirmLabel`).
 */
export async function confirmInPage(
  page: Page,
  question: string,
  confirmLabel: string,
  action: () => Promise<void>,
): Promise<void> {
  await action();
  const dialog = page.getByRole('dialog', { name: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: confirmLabel, exact: true }).click();
  await expect(dialog).toBeHidden();
}
