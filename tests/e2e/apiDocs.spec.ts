import { expect, test } from '../support/e2e/journeys';

/** The API description: the development server's /docs, rendered by Swagger UI in Chromium from the routes' own schemas. */
test('/docs renders the OpenAPI description with its operations', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: /Naira Wallet/i }).first()).toBeVisible();
  // Operations by their paths, and the purchase's Idempotency-Key header once one is opened.
  const purchase = page.locator('.opblock').filter({ hasText: '/api/airtime' }).first();
  await expect(purchase).toBeVisible();
  await expect(page.locator('.opblock').filter({ hasText: '/api/get-user' }).first()).toBeVisible();
  await purchase.locator('.opblock-summary').click();
  await expect(purchase.getByText('Idempotency-Key', { exact: false }).first()).toBeVisible();
});
