/**
 * Checks of `composite` pages: every content part (list, form, detail, statistics) is checked as the
 * page of its kind would be (its problems located under the part), and the tree itself: unique part
 * and item keys, expressions, master-detail filters against the list model's filters.
 */
import { escapePointerSegment } from '@renderer/core/schema';
import type { CompositePageSchema, ContainerItem, PageSchema, PartSchema } from '@renderer/core/schema';
import type { ModelDefinition } from '@renderer/core/model';
import type { PageProblem } from './pageChecks';

/** What the composite checks need from the page checker. */
export interface CompositeCheckTools {
  /** Checks a page schema (the content part seen as a page of its kind). */
  checkPage: (sub: PageSchema) => PageProblem[];
  checkExpression: (pointer: string, source: string) => void;
  report: (pointer: string, message: string) => void;
  modelOf: (name: string | undefined) => ModelDefinition | undefined;
  /** Whether models are known (else model names are not checked). */
  modelsKnown: boolean;
  /** Component names of the registry (a widget part's `component`). */
  components: ReadonlySet<string>;
  /** Checks a link's target is a known page the roles shown the link may open. */
  checkRoute: (pointer: string, to: string) => void;
}

type ContentType = 'list' | 'form' | 'detail' | 'statistics';

/** Walks the part tree of a composite page. */
export function checkComposite(schema: CompositePageSchema, tools: CompositeCheckTools): void {
  const { report, checkExpression } = tools;
  const { composite } = schema;
  const keys = new Map<string, string>();
  const itemKeys = new Map<string, string>();
  const lineKeys = new Map<string, string>();
  if (composite.record?.model && tools.modelsKnown && !tools.modelOf(composite.record.model))
    report('/composite/record/model', `未知模型 "${composite.record.model}"`);

  const visitParts = (parts: PartSchema[], pointer: string): void =>
    parts.forEach((part, i) => visitPart(part, `${pointer}/${i}`));

  const visitItems = (items: ContainerItem[], pointer: string): void =>
    items.forEach((item, i) => {
      const at = `${pointer}/${i}`;
      const other = itemKeys.get(item.key);
      if (other !== undefined) report(`${at}/key`, `名称 "${item.key}" 重复（与 ${other} 相同）`);
      itemKeys.set(item.key, at);
      if (item.visible) checkExpression(`${at}/visible`, item.visible);
      visitParts(item.parts, `${at}/parts`);
    });

  const visitPart = (part: PartSchema, at: string): void => {
    const other = keys.get(part.key);
    if (other !== undefined) report(`${at}/key`, `部件名 "${part.key}" 重复（与 ${other} 相同）`);
    keys.set(part.key, at);
    if (part.visible) checkExpression(`${at}/visible`, part.visible);
    switch (part.type) {
      case 'tabs':
      case 'collapse':
      case 'steps':
        visitItems(part.items, `${at}/items`);
        return;
      case 'card':
      case 'grid':
        visitParts(part.parts, `${at}/parts`);
        return;
      case 'widget':
        if (!tools.components.has(part.component))
          report(
            `${at}/component`,
            `未知组件 "${part.component}"（可用：${[...tools.components].join(', ')}）`,
          );
        return;
      case 'result':
        (part.lines ?? []).forEach((line, i) => {
          if (line.value) checkExpression(`${at}/lines/${i}/value`, line.value);
          if (line.to) {
            tools.checkRoute(`${at}/lines/${i}/to`, line.to);
            if (!/\[[^\]]+\]/.test(line.text ?? ''))
              report(`${at}/lines/${i}/text`, '写了 to，文字中须有 [ ] 括起的链接文字');
          }
          if (line.key) {
            // Each value's test id is result-<key>: one per page.
            const other = lineKeys.get(line.key);
            if (other !== undefined)
              report(`${at}/lines/${i}/key`, `名称 "${line.key}" 重复（与 ${other} 相同）`);
            lineKeys.set(line.key, `${at}/lines/${i}`);
          }
        });
        return;
      default:
        checkContent(part, at);
    }
  };

  const checkContent = (part: Extract<PartSchema, { type: ContentType }>, at: string): void => {
    const model = part.model ?? schema.model;
    const body = (part as unknown as Record<string, unknown>)[part.type];
    const sub = { ...schema, page: part.type, model, [part.type]: body } as Record<string, unknown>;
    delete sub.composite;
    for (const problem of tools.checkPage(sub as unknown as PageSchema)) {
      // The route is the page's (checked once); an inherited model is checked at the page.
      if (problem.pointer.startsWith('/route')) continue;
      if (problem.pointer === '/model' && part.model === undefined) continue;
      report(problem.pointer === '' ? at : `${at}${problem.pointer}`, problem.message);
    }
    if (part.type === 'list') {
      const filters = tools.modelOf(model)?.query?.filters;
      for (const [name, expression] of Object.entries(part.filter ?? {})) {
        const pointer = `${at}/filter/${escapePointerSegment(name)}`;
        checkExpression(pointer, expression);
        if (filters && !part.list.api && !Object.prototype.hasOwnProperty.call(filters, name))
          report(
            pointer,
            `模型 "${model}" 不支持按 "${name}" 查询（可查询：${Object.keys(filters).join(', ')}）`,
          );
      }
    }
  };

  visitParts(composite.parts, '/composite/parts');
}
