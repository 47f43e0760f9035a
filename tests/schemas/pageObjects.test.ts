/**
 * The titles testers address per route (tests/pageObjects/pageModel.ts), written as TypeScript types to
 * tests/e2e/pageObjects.generated.ts: a schema change that renames a field or a button shows here, and
 * an e2e test that still names the old title fails to compile. Regenerate: `npm run schemas:page-objects`.
 */
import { expect, it } from 'vitest';
import { pageModels } from '../pageObjects/pageModel';

const union = (titles: string[]): string =>
  titles.length ? titles.map((t) => JSON.stringify(t)).join(' | ') : 'never';

it('the page-object types are those of the schemas', async () => {
  const models = [...pageModels().values()].sort((a, b) => a.route.localeCompare(b.route));
  expect(models.length).toBeGreaterThan(100);
  const routes = models.map((m) =>
    [
      `  ${JSON.stringify(m.route)}: {`,
      `    fields: ${union(Object.keys(m.fields))};`,
      `    actions: ${union(Object.keys(m.actions))};`,
      `    columns: ${union(Object.keys(m.columns))};`,
      `    tabs: ${union(Object.keys(m.tabs))};`,
      `    details: ${union(Object.keys(m.details))};`,
      `    sections: ${union(Object.keys(m.sections))};`,
      '  };',
    ].join('\n'),
  );
  const text = [
    '// Generated from schemas/ by tests/schemas/pageObjects.test.ts (npm run schemas:page-objects): do not edit.',
    '// What each route lets a test address, by the titles and labels a user sees (tests/e2e/pageObjects.ts).',
    'export interface PageTitles {',
    ...routes,
    '}',
    '',
  ].join('\n');
  await expect(text).toMatchFileSnapshot('../e2e/pageObjects.generated.ts');
});
