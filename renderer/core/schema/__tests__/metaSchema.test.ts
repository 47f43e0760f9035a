import { describe, expect, expectTypeOf, it } from 'vitest';
import { PRODUCT_CODES, type ProductCode } from '@contract/products';
import meta from '@renderer/core/schema/page.schema.json';
import { BUILTIN_COMPONENT_NAMES } from '@renderer/core/schema';
import type {
  ActionBase,
  ApproveBody,
  ApiSource,
  BackAction,
  ColumnSchema,
  CompositeBody,
  CompositeRecord,
  ContainerItem,
  DialogAction,
  ImportAction,
  DialogForm,
  DetailBody,
  DetailField,
  DownloadAction,
  ExportAction,
  FormBody,
  ListBody,
  ListPoll,
  ModelAction,
  NavigateAction,
  PartSchema,
  RequestAction,
  ResultLine,
  RouteBlock,
  SectionSchema,
  StatisticsBody,
  SubmitAction,
  UploadBody,
  UploadSlot,
} from '@renderer/core/schema';

type Definitions = Record<
  string,
  { properties?: Record<string, { description?: string }>; description?: string }
>;
const definitions = meta.definitions as unknown as Definitions;
const keys = (name: string): string[] => Object.keys(definitions[name]?.properties ?? {}).sort();

// Every key of the TypeScript type is listed, and only those (checked at compile time).
const exhaustiveKeys =
  <Keys extends string>() =>
  <const K extends readonly Keys[]>(
    list: K & ([Exclude<Keys, K[number]>] extends [never] ? unknown : never),
  ): string[] =>
    [...list].sort();
const exhaustive = <T>() => exhaustiveKeys<keyof T & string>();

type ActionKeys =
  | keyof ActionBase
  | keyof NavigateAction
  | keyof ModelAction
  | keyof SubmitAction
  | keyof DownloadAction
  | keyof ExportAction
  | keyof DialogAction
  | keyof ImportAction
  | keyof BackAction
  | keyof RequestAction;

type PartKeys = PartSchema extends infer P ? (P extends PartSchema ? keyof P : never) : never;

describe('page.schema.json', () => {
  it('describes the same keys as the TypeScript types', () => {
    expect(keys('route')).toEqual(
      exhaustive<RouteBlock>()([
        'path',
        'title',
        'product',
        'roles',
        'menu',
        'hideInMenu',
        'hideTopMenu',
        'help',
        'keepAlive',
        'openInBlank',
        'public',
        'alwaysAllowed',
        'fixture',
      ]),
    );
    expect(keys('action')).toEqual(
      exhaustiveKeys<ActionKeys>()([
        'key',
        'label',
        'type',
        'visible',
        'disabled',
        'roles',
        'confirm',
        'primary',
        'danger',
        'to',
        'blank',
        'action',
        'model',
        'reason',
        'reasonTitle',
        'sign',
        'success',
        'redirect',
        'announce',
        'result',
        'then',
        'url',
        'container',
        'title',
        'width',
        'form',
        'detail',
        'values',
        'api',
      ]),
    );
    expect(keys('part')).toEqual(
      exhaustiveKeys<PartKeys & string>()([
        'key',
        'type',
        'visible',
        'model',
        'filter',
        'values',
        'list',
        'form',
        'detail',
        'statistics',
        'component',
        'props',
        'status',
        'alert',
        'lines',
        'items',
        'open',
        'title',
        'parts',
        'columns',
        'spans',
      ]),
    );
    expect(keys('containerItem')).toEqual(exhaustive<ContainerItem>()(['key', 'title', 'parts', 'visible']));
    expect(keys('resultLine')).toEqual(
      exhaustive<ResultLine>()(['key', 'label', 'value', 'enum', 'text', 'to', 'link']),
    );
    expect(keys('compositeBody')).toEqual(exhaustive<CompositeBody>()(['record', 'parts', 'actions']));
    const compositeRecord = (definitions.compositeBody?.properties as Definitions | undefined)?.record;
    expect(Object.keys(compositeRecord?.properties ?? {}).sort()).toEqual(
      exhaustive<CompositeRecord>()(['model', 'param', 'api', 'poll']),
    );
    expect(keys('poll')).toEqual(exhaustive<ListPoll>()(['field', 'in', 'intervalMs', 'notice']));
    expect(keys('apiSource')).toEqual(exhaustive<ApiSource>()(['url', 'method', 'params', 'response']));
    expect(keys('dialogForm')).toEqual(
      exhaustive<DialogForm>()([
        'properties',
        'mode',
        'columns',
        'labelWidth',
        'initialValues',
        'api',
        'then',
        'okText',
      ]),
    );
    expect(keys('column')).toEqual(
      exhaustive<ColumnSchema>()([
        'field',
        'title',
        'format',
        'enum',
        'decimals',
        'visible',
        'width',
        'sortable',
        'fixed',
        'align',
        'ellipsis',
        'link',
        'progress',
      ]),
    );
    expect(keys('detailField')).toEqual(
      exhaustive<DetailField>()(['field', 'title', 'format', 'enum', 'decimals', 'visible', 'span']),
    );
    expect(keys('section')).toEqual(
      exhaustive<SectionSchema>()(['key', 'title', 'fields', 'table', 'columns', 'visible']),
    );
    expect(keys('listBody')).toEqual(
      exhaustive<ListBody>()([
        'query',
        'queryColumns',
        'columns',
        'toolbar',
        'rowActions',
        'rowKey',
        'pageSize',
        'defaultSort',
        'params',
        'tabs',
        'emptyText',
        'batchActions',
        'summary',
        'expand',
        'settings',
        'api',
        'poll',
      ]),
    );
    expect(keys('formBody')).toEqual(
      exhaustive<FormBody>()([
        'mode',
        'properties',
        'steps',
        'columns',
        'labelWidth',
        'initialValues',
        'submit',
        'load',
        'keep',
        'actions',
      ]),
    );
    expect(keys('approveBody')).toEqual(exhaustive<ApproveBody>()(['sections', 'opinion', 'actions']));
    expect(keys('uploadBody')).toEqual(
      exhaustive<UploadBody>()([
        'slots',
        'categoryField',
        'owner',
        'values',
        'deleteAction',
        'documentActions',
        'states',
        'uploadUrl',
        'actions',
      ]),
    );
    expect(keys('uploadSlot')).toEqual(
      exhaustive<UploadSlot>()(['key', 'title', 'accept', 'maxSize', 'maxCount', 'required', 'description']),
    );
    expect(keys('detailBody')).toEqual(exhaustive<DetailBody>()(['sections', 'audit', 'actions']));
    expect(keys('statisticsBody')).toEqual(exhaustive<StatisticsBody>()(['filters', 'figures', 'charts']));
    expectTypeOf<RouteBlock['product']>().toEqualTypeOf<ProductCode | undefined>();
    // The JSON meta-schema cannot import the contract: its product list must equal it, in order.
    expect((definitions.route?.properties?.product as { enum?: unknown } | undefined)?.enum).toEqual(
      PRODUCT_CODES,
    );
  });

  it('documents every registered widget: a described props definition the editor applies to it', () => {
    type Wiring = { if: { properties: { 'x-component': { const: string } } }; then: unknown };
    const node = meta.definitions.formilyNode as unknown as { allOf: Wiring[] };
    const wired = new Map(node.allOf.map((w) => [w.if.properties['x-component'].const, w.then]));
    const undocumented = BUILTIN_COMPONENT_NAMES.filter((name) => {
      const props = definitions[`props.${name}`];
      return (
        !props?.description ||
        JSON.stringify(wired.get(name)) !==
          JSON.stringify({ properties: { 'x-component-props': { $ref: `#/definitions/props.${name}` } } })
      );
    });
    expect(undocumented).toEqual([]);
    // And nothing documented that is not registered (a renamed widget leaves no stale docs).
    const registered = new Set<string>(BUILTIN_COMPONENT_NAMES);
    const stale = Object.keys(definitions)
      .filter((key) => key.startsWith('props.'))
      .map((key) => key.slice('props.'.length))
      .filter((name) => !registered.has(name));
    expect(stale).toEqual([]);
  });

  it('gives every keyword a description analysts see in their editor', () => {
    const missing: string[] = [];
    const visit = (node: unknown, path: string): void => {
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      if (n.properties && typeof n.properties === 'object') {
        for (const [key, child] of Object.entries(n.properties as Record<string, Record<string, unknown>>)) {
          const described = typeof child.description === 'string' && child.description.length > 0;
          // A keyword that only points at a definition takes the definition's description.
          const target =
            typeof child.$ref === 'string'
              ? definitions[child.$ref.replace('#/definitions/', '')]
              : undefined;
          if (!described && !target?.description) missing.push(`${path}/properties/${key}`);
          visit(child, `${path}/properties/${key}`);
        }
      }
      for (const key of ['items', 'additionalProperties']) if (n[key]) visit(n[key], `${path}/${key}`);
      for (const key of ['anyOf', 'allOf'])
        if (Array.isArray(n[key])) (n[key] as unknown[]).forEach((c, i) => visit(c, `${path}/${key}/${i}`));
    };
    visit(meta, '#');
    for (const [name, definition] of Object.entries(definitions)) visit(definition, `#/definitions/${name}`);
    expect(missing).toEqual([]);
  });
});
