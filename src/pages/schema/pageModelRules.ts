import {
  dialogModels,
  withDialogModelRules,
  withCapitalLines,
  withModelDisplay,
  withModelRules,
  type Dictionary,
  type ModelDefinition,
  type PageSchema,
  type PartSchema,
} from '@renderer';

type ContentPart = Extract<
  PartSchema,
  { type: 'list' | 'form' | 'detail' | 'statistics' | 'widget' | 'result' }
>;
type Rules = (part: ContentPart) => Promise<PartSchema>;

/** A composite page's parts with `rules` applied to each content part, containers walked through. */
async function mapParts(parts: readonly PartSchema[], rules: Rules): Promise<PartSchema[]> {
  return Promise.all(
    parts.map(async (part): Promise<PartSchema> => {
      if ('items' in part)
        return {
          ...part,
          items: await Promise.all(
            part.items.map(async (item) => ({ ...item, parts: await mapParts(item.parts, rules) })),
          ),
        };
      if ('parts' in part) return { ...part, parts: await mapParts(part.parts, rules) };
      return rules(part);
    }),
  );
}

/**
 * A loaded page with its models' rules: a form page's fields take its model's, a list's dialog forms those
 * of the models they write (options, pickers, bounds). Shared by the portal's route page and the schema
 * studio's preview; a composite page's form parts take theirs like a form page. A list's or detail's columns and fields show their model fields as their formats imply;
 * every amount input of a form is followed by its 大写 line.
 */
export async function withPageModelRules(
  schema: PageSchema,
  loadModel: (name: string) => Promise<ModelDefinition | undefined>,
  dicts: (name: string) => Dictionary | undefined,
): Promise<PageSchema> {
  schema = withCapitalLines(schema);
  if (schema.page === 'composite') {
    // A form part takes its model's rules as a form page does (the part's model, else the page's).
    const page = schema;
    const parts = await mapParts(page.composite.parts, async (part) => {
      if (part.type !== 'form') return part;
      const name = part.model ?? page.model;
      const model = name ? await loadModel(name) : undefined;
      if (!model) return part;
      const ruled = withModelRules({ ...page, page: 'form', model: name, form: part.form }, model, dicts);
      return ruled.page === 'form' ? { ...part, form: ruled.form } : part;
    });
    schema = { ...page, composite: { ...page.composite, parts } };
  }
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
