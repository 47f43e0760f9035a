/**
 * Renders a tree of composite-page parts: containers (tabs, collapse, steps, card, grid), widget and
 * result parts, and content parts shown by their page kind inside a {@link PartContext} (no title, `part-<key>`).
 */
import { Button, Card, Space } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import type {
  BizRecord,
  CompositePageSchema,
  ContainerItem,
  Expression,
  FunctionRegistry,
  PageSchema,
  PartSchema,
  QueryValue,
} from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { loadCollapse, loadSteps, loadTabs } from '@renderer/react/lazyModules';
import { PAGE_KINDS } from '@renderer/react/pageKinds';
import { evaluateCondition, evaluateValue } from '@renderer/react/parts/conditions';
import type { ConditionScope } from '@renderer/react/parts/conditions';
import { PartContext, Pending } from '@renderer/react/parts/PageFrame';
import { ResultPart } from '@renderer/react/parts/ResultPart';
import { testIds } from '@renderer/react/testIds';

/** What every part of a composite page sees. */
export interface PartTreeContext {
  schema: CompositePageSchema;
  query: Record<string, string>;
  /** The page's record (`record` block), if any. */
  record: BizRecord | undefined;
  scope: ConditionScope;
  /** Bumped when a form part saved: content parts mount again and reload. */
  generation: number;
}

const Tabs = lazy(loadTabs);
const Collapse = lazy(loadCollapse);
const Steps = lazy(loadSteps);

type ContentPartSchema = Extract<PartSchema, { type: 'list' | 'form' | 'detail' | 'statistics' }>;

/** Expressions evaluated against the page's record, query and session; an undefined or null one left out. */
function evaluateAll(
  expressions: Record<string, Expression>,
  context: PartTreeContext,
  functions: FunctionRegistry,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, source] of Object.entries(expressions)) {
    const value = evaluateValue(source, context.scope, functions);
    if (value !== undefined && value !== null) out[name] = value;
  }
  return out;
}

/** The master-detail filters of a list part, evaluated against the page's record and query. */
function partFilters(
  part: ContentPartSchema,
  context: PartTreeContext,
  functions: FunctionRegistry,
): Record<string, QueryValue> {
  if (part.type !== 'list') return {};
  // An api's params are expressions too: inside a page about a record they read that record.
  const expressions = { ...part.list.api?.params, ...part.filter };
  return evaluateAll(expressions, context, functions) as Record<string, QueryValue>;
}

/** A form part's initial values (`values`), evaluated against the page's record, query and session. */
function partValues(
  part: ContentPartSchema,
  context: PartTreeContext,
  functions: FunctionRegistry,
): Record<string, unknown> {
  return part.type === 'form' ? evaluateAll(part.values ?? {}, context, functions) : {};
}

/** The content part as a page schema of its kind (the composite page's route, its own model). */
function contentSchema(
  part: ContentPartSchema,
  schema: CompositePageSchema,
  filters: Record<string, QueryValue>,
  values: Record<string, unknown>,
): PageSchema {
  const { composite: _composite, ...page } = schema;
  const model = part.model ?? schema.model;
  if (part.type === 'list')
    return {
      ...page,
      page: 'list',
      model,
      list: {
        ...part.list,
        ...(part.list.api ? { api: { ...part.list.api, params: {} } } : {}),
        params: { ...part.list.params, ...filters },
      },
    };
  if (part.type === 'form')
    return {
      ...page,
      page: 'form',
      model,
      form: part.values
        ? { ...part.form, initialValues: { ...part.form.initialValues, ...values } }
        : part.form,
    };
  if (part.type === 'detail') return { ...page, page: 'detail', model, detail: part.detail };
  return { ...page, page: 'statistics', model, statistics: part.statistics };
}

/** The query a content part sees: a detail part reads the page record's id. */
function contentQuery(schema: CompositePageSchema, query: Record<string, string>): Record<string, string> {
  const param = schema.composite.record?.param;
  if (!param || param === 'id') return query;
  return { ...query, id: query[param] ?? '' };
}

function visibleItems(
  items: readonly ContainerItem[],
  context: PartTreeContext,
  functions: FunctionRegistry,
): ContainerItem[] {
  return items.filter((item) => evaluateCondition(item.visible, context.scope, functions));
}

/** The tab `?tab=<key>` asks for, if it is one of these. */
function initialTab(items: readonly ContainerItem[], query: Record<string, string>): string | undefined {
  return items.find((item) => item.key === query.tab)?.key ?? items[0]?.key;
}

function StepsContainer({
  part,
  items,
  context,
}: {
  part: Extract<PartSchema, { type: 'steps' }>;
  items: ContainerItem[];
  context: PartTreeContext;
}): React.JSX.Element {
  const [current, setCurrent] = useState(0);
  const item = items[current];
  return (
    <>
      <Suspense fallback={<Pending height={56} />}>
        <Steps
          current={current}
          items={items.map((i) => ({ title: <span data-testid={testIds.step(i.key)}>{i.title}</span> }))}
          style={{ marginBottom: 24 }}
        />
      </Suspense>
      {item ? <PartTree parts={item.parts} context={context} /> : null}
      <Space style={{ display: 'flex', justifyContent: 'center', marginTop: 16 }}>
        {current > 0 ? (
          <Button
            data-testid={testIds.action('step', `${part.key}-previous`)}
            onClick={() => setCurrent((c) => c - 1)}
          >
            上一步
          </Button>
        ) : null}
        {current < items.length - 1 ? (
          <Button
            type="primary"
            data-testid={testIds.action('step', `${part.key}-next`)}
            onClick={() => setCurrent((c) => c + 1)}
          >
            下一步
          </Button>
        ) : null}
      </Space>
    </>
  );
}

/** A registry component as a part (its name checked by the checker; missing, it shows nothing). */
function WidgetPart({ part }: { part: Extract<PartSchema, { type: 'widget' }> }): React.JSX.Element {
  const { components } = useRenderer();
  const Widget = components.get(part.component);
  return (
    <div className="schema-part schema-part-widget" data-testid={testIds.part(part.key)}>
      {Widget ? <Widget {...part.props} /> : null}
    </div>
  );
}

/** One part. */
function Part({ part, context }: { part: PartSchema; context: PartTreeContext }): React.JSX.Element | null {
  const { functions } = useRenderer();
  const items = 'items' in part ? visibleItems(part.items, context, functions) : [];
  if (!evaluateCondition(part.visible, context.scope, functions)) return null;
  switch (part.type) {
    case 'tabs':
      return (
        <div className="schema-part schema-part-tabs" data-testid={testIds.part(part.key)}>
          <Suspense fallback={<Pending height={46} />}>
            <Tabs
              defaultActiveKey={initialTab(items, context.query)}
              items={items.map((item) => ({
                key: item.key,
                label: <span data-testid={testIds.tab(item.key)}>{item.title}</span>,
                children: <PartTree parts={item.parts} context={context} />,
              }))}
            />
          </Suspense>
        </div>
      );
    case 'collapse':
      return (
        <div className="schema-part schema-part-collapse" data-testid={testIds.part(part.key)}>
          <Suspense fallback={<Pending height={46} />}>
            <Collapse
              defaultActiveKey={part.open ?? (items[0] ? [items[0].key] : [])}
              items={items.map((item) => ({
                key: item.key,
                label: <span data-testid={testIds.panel(item.key)}>{item.title}</span>,
                children: <PartTree parts={item.parts} context={context} />,
              }))}
            />
          </Suspense>
        </div>
      );
    case 'steps':
      return (
        <div className="schema-part schema-part-steps" data-testid={testIds.part(part.key)}>
          <StepsContainer part={part} items={items} context={context} />
        </div>
      );
    case 'widget':
      return <WidgetPart part={part} />;
    case 'result':
      return <ResultPart part={part} scope={context.scope} />;
    case 'card':
      return (
        <Card
          className="schema-part schema-part-card"
          data-testid={testIds.part(part.key)}
          title={part.title}
          size="small"
          style={{ marginBottom: 16 }}
        >
          <PartTree parts={part.parts} context={context} />
        </Card>
      );
    case 'grid': {
      const columns = part.columns ?? 2;
      return (
        <div
          className="schema-part schema-part-grid"
          data-testid={testIds.part(part.key)}
          style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 16 }}
        >
          {part.parts.map((child) => (
            <div
              key={child.key}
              style={{ gridColumn: `span ${Math.min(part.spans?.[child.key] ?? 1, columns)}` }}
            >
              <Part part={child} context={context} />
            </div>
          ))}
        </div>
      );
    }
    default:
      return <ContentPart part={part} context={context} />;
  }
}

/** A list, form, detail or statistics part, rendered by its page kind. */
function ContentPart({
  part,
  context,
}: {
  part: ContentPartSchema;
  context: PartTreeContext;
}): React.JSX.Element {
  const { functions } = useRenderer();
  const filterKey = JSON.stringify(partFilters(part, context, functions));
  const valuesKey = JSON.stringify(partValues(part, context, functions));
  // A new schema object only when the part or its filter or initial values change (pages memoise on their body).
  const filters = useMemo(() => JSON.parse(filterKey) as Record<string, QueryValue>, [filterKey]);
  const values = useMemo(() => JSON.parse(valuesKey) as Record<string, unknown>, [valuesKey]);
  const schema = useMemo(
    () => contentSchema(part, context.schema, filters, values),
    [part, context.schema, filters, values],
  );
  const query = useMemo(() => contentQuery(context.schema, context.query), [context.schema, context.query]);
  const Page = PAGE_KINDS[part.type];
  return (
    <PartContext.Provider value={part.key}>
      <Suspense fallback={<Pending height={120} />}>
        <Page key={context.generation} schema={schema} query={query} />
      </Suspense>
    </PartContext.Provider>
  );
}

/** Parts one under the other. */
export function PartTree({
  parts,
  context,
}: {
  parts: readonly PartSchema[];
  context: PartTreeContext;
}): React.JSX.Element {
  return (
    <div className="schema-parts">
      {parts.map((part) => (
        <Part key={part.key} part={part} context={context} />
      ))}
    </div>
  );
}
