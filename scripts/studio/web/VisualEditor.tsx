// Visual editing of the open page: an outline of its list columns or form fields (drag to reorder, add from
// the model's field list) and a property form for the selected one (title, width, widget, required,
// visibility with completion). Every edit hands the whole changed document to the studio, which formats it
// as `prettier --write` would and applies only the changed characters to the text editor: the text view
// stays in step, and the editor's undo/redo covers visual edits too.
import { AutoComplete, Button, Checkbox, Empty, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { BUILTIN_COMPONENT_NAMES } from '@renderer/core/schema';
import type { ModelDefinition } from '@renderer';

type Json = Record<string, unknown>;

interface Props {
  text: string;
  models: Readonly<Record<string, ModelDefinition>>;
  /** Called with the edited document (not yet formatted). */
  onEdit(document: Json): void;
}

/** One outline item: a column of a list or a top-level field of a form. */
interface Item {
  key: string;
  title: string;
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The widget a model field gets by default. */
function widgetOf(
  field: { type?: string; format?: string; dict?: string; ref?: string } | undefined,
): string {
  if (field?.ref === 'corp') return 'RemoteSelect';
  if (field?.dict) return 'Select';
  if (field?.format === 'amount' || field?.format === 'money') return 'AmountInput';
  if (field?.format === 'date') return 'DatePicker';
  if (field?.type === 'integer' || field?.type === 'number') return 'NumberPicker';
  return 'Input';
}

/** Offers scope names and fields for the last word of an expression being typed. */
function completions(value: string, fields: readonly string[], stateField: string): { value: string }[] {
  const word = /[$\w.]*$/.exec(value)?.[0] ?? '';
  const head = value.slice(0, value.length - word.length);
  const candidates = [
    ...fields.map((f) => `$values.${f}`),
    ...fields.map((f) => `$record.${f}`),
    `$record.${stateField}`,
    '$role',
    '$roles',
  ];
  return [...new Set(candidates)]
    .filter((c) => word !== '' && c.startsWith(word) && c !== word)
    .slice(0, 20)
    .map((c) => ({ value: head + c }));
}

export function VisualEditor({ text, models, onEdit }: Props): React.JSX.Element {
  const [selected, setSelected] = useState<string | null>(null);
  const [visible, setVisible] = useState<string | null>(null);
  const document = useMemo(() => {
    try {
      return JSON.parse(text) as Json;
    } catch {
      return null;
    }
  }, [text]);
  if (!document)
    return <Typography.Text type="danger">JSON 有语法错误：请先在文本视图中修正</Typography.Text>;
  const model = typeof document.model === 'string' ? models[document.model] : undefined;
  const modelFields = Object.entries(model?.fields ?? {}) as Array<[string, Json]>;
  const kind = document.page;
  const list = isObject(document.list) ? document.list : null;
  const form = isObject(document.form) && isObject(document.form.properties) ? document.form : null;
  const columns = list && Array.isArray(list.columns) ? (list.columns as Json[]) : null;
  const properties = form ? (form.properties as Json) : null;
  if ((kind !== 'list' || !columns) && (kind !== 'form' || !properties))
    return <Empty description="可视化编辑支持列表页的列和表单页的字段（分步表单、复合页请用文本视图）" />;

  const items: Item[] = columns
    ? columns
        .filter((c) => typeof c.field === 'string')
        .map((c) => ({ key: String(c.field), title: String(c.title ?? c.field) }))
    : Object.entries(properties!)
        .filter(([name, node]) => !name.startsWith('$') && isObject(node))
        .map(([name, node]) => ({ key: name, title: String((node as Json).title ?? name) }));
  const present = new Set(items.map((i) => i.key));
  const edit = (change: (copy: Json) => void): void => {
    const copy = structuredClone(document);
    change(copy);
    onEdit(copy);
  };
  /** The selected column or field node inside `copy`. */
  const nodeIn = (copy: Json, key: string): Json | undefined => {
    if (columns) return ((copy.list as Json).columns as Json[]).find((c) => c.field === key);
    return ((copy.form as Json).properties as Json)[key] as Json | undefined;
  };
  const move = (from: string, to: string): void =>
    edit((copy) => {
      if (columns) {
        const list = (copy.list as Json).columns as Json[];
        const a = list.findIndex((c) => c.field === from);
        const [item] = list.splice(a, 1);
        list.splice(
          list.findIndex((c) => c.field === to),
          0,
          item!,
        );
        return;
      }
      const props = (copy.form as Json).properties as Json;
      const keys = Object.keys(props).filter((k) => k !== from);
      keys.splice(keys.indexOf(to), 0, from);
      (copy.form as Json).properties = Object.fromEntries(keys.map((k) => [k, props[k]]));
    });
  const add = (field: string): void =>
    edit((copy) => {
      const def = model?.fields[field] as Json | undefined;
      const title = String(def?.title ?? field);
      if (columns) {
        const column: Json = { field, title };
        if (typeof def?.dict === 'string') column.enum = { $dict: def.dict };
        if (def?.format === 'amount' || def?.format === 'money') column.format = 'money';
        if (def?.format === 'date') column.format = 'date';
        ((copy.list as Json).columns as Json[]).push(column);
      } else {
        const node: Json = {
          type: def?.type === 'integer' ? 'number' : (def?.type ?? 'string'),
          title,
          'x-decorator': 'FormItem',
          'x-component': widgetOf(def as Parameters<typeof widgetOf>[0]),
        };
        if (typeof def?.dict === 'string') node.enum = { $dict: def.dict };
        ((copy.form as Json).properties as Json)[field] = node;
      }
      setSelected(field);
    });

  const current = selected && present.has(selected) ? nodeIn(document, selected) : undefined;
  const set = (key: string, value: unknown): void =>
    edit((copy) => {
      const node = nodeIn(copy, selected!);
      if (!node) return;
      if (value === undefined || value === '' || value === null) delete node[key];
      else node[key] = value;
    });
  const visibilityKey = columns ? 'visible' : 'x-visible';
  const storedVisibility = current ? current[visibilityKey] : undefined;
  const shownVisibility =
    typeof storedVisibility === 'string' ? storedVisibility.replace(/^\s*\{\{\s*|\s*\}\}\s*$/g, '') : '';
  const fieldNames = items.map((i) => i.key);

  return (
    <section aria-label="可视化编辑" style={{ display: 'flex', gap: 12, height: '100%', overflow: 'auto' }}>
      <div style={{ width: 260, flex: 'none' }}>
        <Typography.Text strong>{columns ? '列（拖动排序）' : '字段（拖动排序）'}</Typography.Text>
        <ul aria-label="大纲" style={{ listStyle: 'none', padding: 0, margin: '6px 0' }}>
          {items.map((item) => (
            <li
              key={item.key}
              data-testid={`outline-${item.key}`}
              draggable
              onDragStart={(e) => {
                e.dataTransfer.setData('text/plain', item.key);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                const from = e.dataTransfer.getData('text/plain');
                if (from && from !== item.key && present.has(from)) move(from, item.key);
              }}
              onClick={() => {
                setSelected(item.key);
                setVisible(null);
              }}
              style={{
                padding: '4px 8px',
                marginBottom: 2,
                cursor: 'grab',
                border: '1px solid #e8e8e8',
                background: item.key === selected ? '#e6f4ff' : '#fff',
              }}
            >
              ⋮⋮ {item.title} <Typography.Text type="secondary">{item.key}</Typography.Text>
            </li>
          ))}
        </ul>
        <Select
          aria-label="从模型添加"
          placeholder={model ? '从模型添加字段…' : '页面没有模型'}
          style={{ width: '100%' }}
          showSearch
          optionFilterProp="label"
          value={null}
          disabled={!model}
          onChange={(field: string) => add(field)}
          options={modelFields
            .filter(([name]) => !present.has(name))
            .map(([name, def]) => ({ value: name, label: `${String(def.title ?? name)}（${name}）` }))}
        />
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>
        {!current ? (
          <Typography.Text type="secondary">在左侧选择一列或一个字段</Typography.Text>
        ) : (
          <Form layout="vertical" size="small" aria-label="属性">
            <Form.Item label="标题">
              <Input
                aria-label="标题"
                key={`${selected}-title`}
                defaultValue={String(current.title ?? '')}
                onBlur={(e) => e.target.value !== String(current.title ?? '') && set('title', e.target.value)}
                onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
              />
            </Form.Item>
            {columns ? (
              <Form.Item label="宽度（px）">
                <InputNumber
                  aria-label="宽度"
                  min={40}
                  value={typeof current.width === 'number' ? current.width : null}
                  onChange={(w) => set('width', w ?? undefined)}
                />
              </Form.Item>
            ) : (
              <>
                <Form.Item label="组件">
                  <Select
                    aria-label="组件"
                    showSearch
                    value={typeof current['x-component'] === 'string' ? current['x-component'] : undefined}
                    onChange={(c: string) => set('x-component', c)}
                    options={BUILTIN_COMPONENT_NAMES.map((c) => ({ value: c, label: c }))}
                  />
                </Form.Item>
                <Form.Item>
                  {/* Uncontrolled: ticks at once; the edited text (a round trip) remounts it with its value. */}
                  <Checkbox
                    key={`${selected}-required-${String(current.required === true)}`}
                    defaultChecked={current.required === true}
                    onChange={(e) => set('required', e.target.checked ? true : undefined)}
                  >
                    必填
                  </Checkbox>
                </Form.Item>
              </>
            )}
            <Form.Item label="显示条件（表达式，输入 $ 提示）">
              <AutoComplete
                aria-label="显示条件"
                value={visible ?? shownVisibility}
                options={completions(visible ?? shownVisibility, fieldNames, 'status')}
                onChange={(v: string) => setVisible(v)}
                onBlur={() => {
                  if (visible === null) return;
                  const expression = visible.trim();
                  setVisible(null);
                  set(
                    visibilityKey,
                    expression === '' ? undefined : columns ? expression : `{{ ${expression} }}`,
                  );
                }}
              />
            </Form.Item>
            <Button
              aria-label="上移"
              disabled={items[0]?.key === selected}
              onClick={() => move(selected!, items[items.findIndex((i) => i.key === selected) - 1]!.key)}
            >
              上移
            </Button>{' '}
            <Button
              danger
              onClick={() =>
                edit((copy) => {
                  if (columns) {
                    const list = copy.list as Json;
                    list.columns = (list.columns as Json[]).filter((c) => c.field !== selected);
                  } else delete ((copy.form as Json).properties as Json)[selected!];
                })
              }
            >
              删除
            </Button>
          </Form>
        )}
      </div>
    </section>
  );
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The deepest pointer under which `before` and `after` differ (one changed member or item, recursively). */
function changedPointer(before: unknown, after: unknown, pointer = ''): string {
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length !== after.length) return pointer;
    const changed = before.map((_, i) => i).filter((i) => !same(before[i], after[i]));
    return changed.length === 1
      ? changedPointer(before[changed[0]!], after[changed[0]!], `${pointer}/${changed[0]}`)
      : pointer;
  }
  if (isObject(before) && isObject(after)) {
    const keys = Object.keys(before);
    if (!same(keys, Object.keys(after))) return pointer;
    const changed = keys.filter((k) => !same(before[k], after[k]));
    const key = changed[0];
    return changed.length === 1 && key !== undefined
      ? changedPointer(before[key], after[key], `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)
      : pointer;
  }
  return pointer;
}

const valueAt = (value: unknown, pointer: string): unknown =>
  pointer === ''
    ? value
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], value);

/**
 * The text of `after` written as a minimal change of `text`: only the changed value is rewritten (the rest
 * keeps its layout), ready for Prettier. `locate` gives a value's range in `text`.
 */
export function editedText(
  text: string,
  after: Json,
  locate: (text: string, pointer: string) => { from: number; to: number } | null,
): string {
  const pointer = changedPointer(JSON.parse(text), after);
  const range = locate(text, pointer);
  if (!range) return JSON.stringify(after, null, 2);
  return text.slice(0, range.from) + JSON.stringify(valueAt(after, pointer)) + text.slice(range.to);
}
