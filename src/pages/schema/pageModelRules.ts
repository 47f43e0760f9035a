import {
  dialogModels,
  withDialogModelRules,
  withCapitalLines,
  withModelDisplay,
  withModelRules,
  type Dictionary,
  type ModelDefinition,
  type PageSchema,
} from '@renderer';

/**
 * A loaded page with its models' rules: a form page's fields take its model's, a list's dialog forms those
 * of the models they write (options, pickers, bounds). Shared by the portal's route page and the schema
 * studio's preview. A list's or detail's columns and fields show their model fields as their formats imply;
 * every amount input of a form is followed by its 大写 line.
 */
export async function withPageModelRules(
  schema: PageSchema,
  loadModel: (name: string) => Promise<ModelDefinition | undefined>,
  dicts: (name: string) => Dictionary | undefined,
): Promise<PageSchema> {
  schema = withCapitalLines(schema);
  if (schema.page === 'form' && schema.model) {
    const model = await loadModel(schema.model);
    if (model) return withModelRules(schema, model, dicts);
    return schema;
  }
  if ((schema.page === 'list' || schema.page === 'detail') && schema.model) {
    const model = await loadModel(schema.model);
    if (model) schema = withModelDisplay(schema, model);
  }
  const names = dialogModels(schema);
  if (names.length === 0) return schema;
  const models = new Map<string, ModelDefinition>();
  for (const name of names) {
    const model = await loadModel(name);
    if (model) models.set(name, model);
  }
  return withDialogModelRules(schema, models, dicts);
}
