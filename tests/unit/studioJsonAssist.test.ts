// The studio editor's schema knowledge: checker pointers mapped onto the text, and completion and hover
// docs from the page meta-schema, including a component's own x-component-props.
import { CompletionContext } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import meta from '@renderer/core/schema/page.schema.json';
import {
  hoverDoc,
  placeAt,
  pointerRange,
  schemaCompletion,
  SchemaKnowledge,
  type Domain,
  type MetaSchema,
} from '../../scripts/studio/web/jsonAssist';

const knowledge = new SchemaKnowledge(meta as MetaSchema);
const state = (doc: string) => EditorState.create({ doc, extensions: [json()] });
const PAGE = `{
  "page": "form",
  "form": {
    "properties": {
      "bank": { "type": "string", "x-component": "RemoteSelect", "x-component-props": { "url": "/v1/dicts/banks" } }
    }
  }
}`;

describe('studio editor: pointers, completion and hover from the meta-schema', () => {
  it('marks a pointer at its member, and the deepest existing part of a pointer past the text', () => {
    const s = state(PAGE);
    const at = (p: string) => {
      const r = pointerRange(s, p);
      return s.sliceDoc(r.from, r.to);
    };
    expect(at('/page')).toBe('"page": "form"');
    expect(at('/form/properties/bank/x-component')).toBe('"x-component": "RemoteSelect"');
    expect(at('/form/properties/bank/x-component-props/url')).toBe('"url": "/v1/dicts/banks"');
    expect(at('/form/properties/nothing/x-component')).toBe('"properties": {');
    expect(at('')).toBe('{');
  });

  it('knows the path and whether a key or a value is typed', () => {
    const doc = '{ "route": { "ti": 1 }, "page": "li" }';
    const s = state(doc);
    expect(placeAt(s, doc.indexOf('"ti"') + 3)).toMatchObject({ path: ['route'], kind: 'key' });
    expect(placeAt(s, doc.indexOf('"li"') + 3)).toMatchObject({ path: ['page'], kind: 'value' });
    const empty = '{ "route": {}, "list": { "columns": [{ "field": "a" }, ] } }';
    const e = state(empty);
    expect(placeAt(e, empty.indexOf('{}') + 1)).toMatchObject({ path: ['route'], kind: 'key' });
    expect(placeAt(e, empty.indexOf('"a"') + 2)).toMatchObject({ path: ['list', 'columns', 0, 'field'] });
    expect(placeAt(e, empty.indexOf('}, ]') + 2)).toMatchObject({
      path: ['list', 'columns', 1],
      kind: 'value',
    });
  });

  it('completes keywords with their Chinese docs, page kinds, and the props of the chosen component', () => {
    const doc = PAGE.replace('"url": "/v1/dicts/banks"', '"url": "/v1/dicts/banks", "la"');
    const s = state(doc);
    const parsed = JSON.parse(PAGE) as unknown;
    const complete = schemaCompletion(knowledge, () => parsed);
    const at = (pos: number) => complete(new CompletionContext(s, pos, true));
    const props = at(doc.indexOf('"la"') + 3);
    expect(props?.options.map((o) => o.label)).toEqual(expect.arrayContaining(['labelField', 'dependsOn']));
    expect(props?.options.find((o) => o.label === 'labelField')?.info).toContain('选项文字');
    const kinds = at(doc.indexOf('"form"') + 2);
    expect(kinds?.options.map((o) => o.label)).toEqual(expect.arrayContaining(['"list"', '"composite"']));
    const component = at(doc.indexOf('"RemoteSelect"') + 2);
    expect(component?.options.map((o) => o.label)).toContain('"Cascader"');
  });

  it('hovers a keyword with its description and a component with its props', () => {
    const s = state(PAGE);
    const parsed = JSON.parse(PAGE) as unknown;
    expect(hoverDoc(knowledge, s, PAGE.indexOf('"x-component"') + 2, parsed)?.text).toContain('组件名');
    expect(hoverDoc(knowledge, s, PAGE.indexOf('"RemoteSelect"') + 2, parsed)?.text).toMatch(
      /组件 RemoteSelect：远程下拉[\s\S]*dependsOn：级联/,
    );
    expect(hoverDoc(knowledge, s, PAGE.indexOf('"url"') + 2, parsed)?.text).toContain('接口地址');
  });

  it('completes model fields, dictionary values, actions, roles and routes from the project', () => {
    const domain: Domain = {
      models: {
        cash: {
          name: 'cash',
          title: '兑付',
          fields: { amount: { type: 'string', title: '金额' }, kind: { type: 'string', dict: 'kinds' } },
          states: { $dict: 'cashStatus' },
          transitions: [{ action: 'approve', title: '审核通过', from: ['RD1'], to: 'RD2' }],
        },
      },
      files: {
        '_dicts/cashStatus.json': { name: 'cashStatus', items: [{ value: 'RD1', label: '审核中' }] },
        '_dicts/kinds.json': { name: 'kinds', items: [{ value: 'A', label: '甲' }] },
      },
      roles: ['ROLE_CORE_OPERATOR'],
      routes: ['/credit/core/cash/cash-query'],
    };
    const doc = `{
  "model": "cash",
  "route": { "path": "/x", "roles": [""] },
  "form": { "properties": { "kind": { "default": "" }, "" } },
  "list": {
    "tabs": [{ "key": "a", "params": { "status": "" } }],
    "columns": [{ "field": "" }],
    "rowActions": [{ "key": "a", "type": "action", "action": "", "to": "" }]
  }
}`;
    const s = state(doc);
    const parsed = JSON.parse(doc.replace('{ "default": "" }, ""', '{ "default": "" }')) as unknown;
    const complete = schemaCompletion(
      knowledge,
      () => parsed,
      () => domain,
    );
    const labels = (marker: string, offset = 1) =>
      complete(new CompletionContext(s, doc.indexOf(marker) + marker.length - offset, true))?.options.map(
        (o) => o.label,
      ) ?? [];
    expect(labels('"field": ""')).toEqual(expect.arrayContaining(['"amount"', '"kind"']));
    expect(labels('"action": ""')).toContain('"approve"');
    expect(labels('"roles": [""')).toContain('"ROLE_CORE_OPERATOR"');
    expect(labels('"to": ""')).toContain('"/credit/core/cash/cash-query"');
    expect(labels('"status": ""')).toContain('"RD1"');
    expect(labels('"default": ""')).toContain('"A"');
    expect(labels('}, ""')).toContain('amount');
  });
});
