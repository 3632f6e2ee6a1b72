import { expect, test } from './fixtures.ts';

test('the API reference, linked from the footer, lists the operations from the served document', async ({
  page,
}) => {
  await page.goto('/rules');
  await page.getByRole('contentinfo').getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(/\/api-reference$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();

  // Operations grouped by tag, each a heading with its method and path.
  const draw = page.locator('section#draw');
  await expect(draw.getByRole('heading', { level: 3 })).toHaveText('POST /api/daily/{date}/attempt/draw');
  await expect(draw.getByText('Needs a bearer token')).toBeVisible();
  await expect(draw.getByText('409', { exact: true })).toBeVisible();
  for (const name of [
    'GET /api/daily',
    'POST /api/players',
    'GET /api/leagues/{id}/season',
    'GET /api/openapi.json',
  ])
    await expect(page.getByRole('heading', { level: 3, name, exact: true })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: 'Schemas' })).toBeVisible();

  // The contents lead to an operation, and a field's named schema leads to that schema.
  const contents = page.getByRole('navigation', { name: 'Contents' });
  await contents.getByRole('link', { name: /POST \/api\/players\/claim/ }).click();
  await expect(page).toHaveURL(/#[A-Za-z]+$/);
  await page.getByRole('link', { name: 'CourseView' }).first().click();
  await expect(page).toHaveURL(/#schema-CourseView$/);
  await expect(page.getByRole('heading', { level: 3, name: 'CourseView' })).toBeInViewport();
});
