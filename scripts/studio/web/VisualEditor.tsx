// Visual editing of the open page: an outline of its list columns or form fields and its actions (drag to
// reorder, add from the model's field list, or pick them in the preview) and a property form for the
// selected one (title, width, widget, required, the model's rules and a format rule, visibility with
// completion). Every edit hands the whole changed document to the studio, which formats it
// as `prettier --write` would and applies only the changed characters to the text editor: the text view
// stays in step, and the editor's undo/redo covers visual edits too.
import { AutoComplete, Button, Checkbox, Empty, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { BUILTIN_COMPONENT_NAMES } from '@renderer/core/schema';
import { FORMATS } from '@renderer/core/validators';
import type { ModelDefinition } from '@renderer';

type Json = Record<string, unknown>;

interface Props {
  text: string;
  models: Readonly<Record<string, ModelDefinition>>;
  /**
   * Called with an edit of the document, which the host applies to its newest text (an edit made while
   * the previous one is being formatted applies after it, not to the text shown).
   */
  onEdit(change: (document: Json) => void): void;
  /** An item picked in the preview (its outline key, see {@link pickedKey}); a new object selects again. */
  picked?: { key: string } | null;
}

/** One outline item: a column of a list, a top-level field of a form, or an action (`action:<group>:<key>`). */
interface Item {
  key: string;
  title: string;
  /** The actions' array the item is in (`toolbar`, `rowActions`, `actions`); none for columns and fields. */
  group?: string;
}

/** Action arrays by the area of their buttons' test ids (`action-<area>-<key>`, renderer/react/testIds.ts). */
const ACTION_GROUPS: Record<string, string> = { toolbar: 'toolbar', row: 'rowActions', form: 'actions' };

/**
 * The outline key of what a click in the preview landed on: the nearest element with a test id of a form
 * field (`field-<path>`), a column header (`column-<field>`) or a button (`action-<area>-<key>`).
 */
export function pickedKey(target: Element | null): string | null {
  for (let el = target; el; el = el.parentElement) {
    const id = el.getAttribute('data-testid') ?? '';
    const field = /^(?:field|column)-([^.]+)/.exec(id);
    if (field) return field[1]!;
    const action = /^action-([a-z]+)-(.+)$/.exec(id);
    if (action && ACTION_GROUPS[action[1]!]) return `action:${ACTION_GROUPS[action[1]!]}:${action[2]}`;
  }
  return null;
}

/** What the model checks of a field by itself (applied to every page of it, never repeated in the page). */
function modelRules(model: ModelDefinition | undefined, name: string): string[] {
  const f = model?.fields[name] as Json | undefined;
  if (!f) return [];
  return [
    model?.required?.includes(name) ? '必填' : '',
    typeof f.minLength === 'number' && f.minLength > 0 ? `至少 ${f.minLength} 字` : '',
    typeof f.maxLength === 'number' ? `最多 ${f.maxLength} 字` : '',
    f.format === 'amount' || f.format === 'money' ? '金额格式' : '',
    typeof f.amountMin === 'string' ? `不小于 ${f.amountMin}` : '',
    typeof f.pattern === 'string' ? `格式 ${f.pattern}` : '',
    typeof f.format === 'string' && f.format in FORMATS
      ? `格式：${FORMATS[f.format as keyof typeof FORMATS]?.title ?? f.format}`
      : '',
    typeof f.dict === 'string' ? `取值：字典 ${f.dict}` : '',
  ].filter(Boolean);
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

export function VisualEditor({ text, models, onEdit, picked }: Props): React.JSX.Element {
  const [selected, setSelected] = useState<string | null>(null);
  const [visible, setVisible] = useState<string | null>(null);
  useEffect(() => {
    if (!picked) return;
    setSelected(picked.key);
    setVisible(null);
  }, [picked]);
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

  const actionHolder = (copy: Json): Json => (columns ? (copy.list as Json) : (copy.form as Json));
  const actionItems = (columns ? ['toolbar', 'rowActions'] : ['actions']).flatMap((group) => {
    const list = actionHolder(document)[group];
    return Array.isArray(list)
      ? (list as Json[])
          .filter((a) => isObject(a) && typeof a.key === 'string')
          .map((a) => ({ key: `action:${group}:${String(a.key)}`, title: String(a.label ?? a.key), group }))
      : [];
  });
  const items: Item[] = [
    ...(columns
      ? columns
          .filter((c) => typeof c.field === 'string')
          .map((c) => ({ key: String(c.field), title: String(c.title ?? c.field) }))
      : Object.entries(properties!)
          .filter(([name, node]) => !name.startsWith('$') && isObject(node))
          .map(([name, node]) => ({ key: name, title: String((node as Json).title ?? name) }))),
    ...actionItems,
  ];
  const present = new Set(items.map((i) => i.key));
  const groupOf = (key: string): string | undefined => items.find((i) => i.key === key)?.group;
  /** An action item's array in `copy` and the action's key. */
  const actionsIn = (copy: Json, key: string): [Json[], string] => {
    const [, group, actionKey] = /^action:([^:]+):(.*)$/.exec(key)!;
    return [actionHolder(copy)[group!] as Json[], actionKey!];
  };
  const edit = (change: (copy: Json) => void): void => onEdit(change);
  /** The selected column or field node inside `copy`. */
  const nodeIn = (copy: Json, key: string): Json | undefined => {
    if (groupOf(key)) {
      const [list, actionKey] = actionsIn(copy, key);
      return list.find((a) => a.key === actionKey);
    }
    if (columns) return ((copy.list as Json).columns as Json[]).find((c) => c.field === key);
    return ((copy.form as Json).properties as Json)[key] as Json | undefined;
  };
  const move = (from: string, to: string): void =>
    edit((copy) => {
      if (groupOf(from)) {
        const [list, fromKey] = actionsIn(copy, from);
        const [, toKey] = actionsIn(copy, to);
        const [item] = list.splice(
          list.findIndex((a) => a.key === fromKey),
          1,
        );
        list.splice(
          list.findIndex((a) => a.key === toKey),
          0,
          item!,
        );
        return;
      }
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
  const isAction = selected !== null && groupOf(selected) !== undefined;
  const titleKey = isAction ? 'label' : 'title';
  const visibilityKey = columns || isAction ? 'visible' : 'x-visible';
  const storedVisibility = current ? current[visibilityKey] : undefined;
  const shownVisibility =
    typeof storedVisibility === 'string' ? storedVisibility.replace(/^\s*\{\{\s*|\s*\}\}\s*$/g, '') : '';
  const fieldNames = [
    ...new Set([...items.filter((i) => !i.group).map((i) => i.key), ...Object.keys(model?.fields ?? {})]),
  ];

  /** One draggable, selectable line of the outline. */
  const outlineItem = (item: Item) => (
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
        // Within one kind: columns or fields among themselves, actions within their own array.
        if (from && from !== item.key && present.has(from) && groupOf(from) === item.group)
          move(from, item.key);
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
      ⋮⋮ {item.title}{' '}
      <Typography.Text type="secondary">{item.key.replace(/^action:[^:]+:/, '')}</Typography.Text>
    </li>
  );

  return (
    <section aria-label="可视化编辑" style={{ display: 'flex', gap: 12, height: '100%', overflow: 'auto' }}>
      <div style={{ width: 260, flex: 'none' }}>
        <Typography.Text strong>
          {columns ? '列（拖动排序，或在预览中点选）' : '字段（拖动排序，或在预览中点选）'}
        </Typography.Text>
        <ul aria-label="大纲" style={{ listStyle: 'none', padding: 0, margin: '6px 0' }}>
          {items.filter((i) => !i.group).map(outlineItem)}
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
        {actionItems.length > 0 && (
          <>
            <Typography.Text strong style={{ display: 'block', marginTop: 8 }}>
              按钮（拖动排序）
            </Typography.Text>
            <ul aria-label="按钮" style={{ listStyle: 'none', padding: 0, margin: '6px 0' }}>
              {actionItems.map(outlineItem)}
            </ul>
          </>
        )}
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>
        {!current ? (
          <Typography.Text type="secondary">在左侧或预览中选择一列、一个字段或一个按钮</Typography.Text>
        ) : (
          <Form layout="vertical" size="small" aria-label="属性">
            <Form.Item label="标题">
              <Input
                aria-label="标题"
                key={`${selected}-title`}
                defaultValue={String(current[titleKey] ?? '')}
                onBlur={(e) =>
                  e.target.value !== String(current[titleKey] ?? '') && set(titleKey, e.target.value)
                }
                onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
              />
            </Form.Item>
            {isAction ? null : columns ? (
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
                <Form.Item label="模型的规则（自动生效，无需在页面重复）">
                  <Typography.Text aria-label="模型的规则" type="secondary">
                    {modelRules(model, selected!).join('；') || '无'}
                  </Typography.Text>
                </Form.Item>
                <Form.Item label="格式校验">
                  <Select
                    aria-label="格式校验"
                    allowClear
                    showSearch
                    optionFilterProp="label"
                    value={typeof current['x-validator'] === 'string' ? current['x-validator'] : undefined}
                    onChange={(v?: string) => set('x-validator', v)}
                    options={Object.values(FORMATS).map((f) => ({
                      value: f.name,
                      label: `${f.title}（${f.name}）`,
                    }))}
                  />
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
              disabled={items.find((i) => i.group === groupOf(selected!))?.key === selected}
              onClick={() => {
                const peers = items.filter((i) => i.group === groupOf(selected!));
                move(selected!, peers[peers.findIndex((i) => i.key === selected) - 1]!.key);
              }}
            >
              上移
            </Button>{' '}
            <Button
              danger
              onClick={() =>
                edit((copy) => {
                  if (isAction) {
                    const [list, actionKey] = actionsIn(copy, selected!);
                    list.splice(
                      list.findIndex((a) => a.key === actionKey),
                      1,
                    );
                  } else if (columns) {
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
