/**
 * RemoteSelect: a Select whose options come from an API list (`{list}` or an array), e.g. the
 * suppliers of a core enterprise: `{"url": "/corp/v1/corps/suppliers", "labelField": "name", "valueField": "id"}`.
 * Renderer v2 adds server-side search (`search`: the typed text goes as `keyword`), paging (`pageSize`:
 * more rows load as the list scrolls to its end) and cascading (`dependsOn`: request parameters read
 * from other fields, e.g. a city select with `{"parent": ".province"}`; it waits until they are filled
 * and empties itself, and those depending on it, when the user changes them). A record picker names
 * more than a bare number (`describe`: the counterparty, the amount, the state), so a person can tell
 * the options apart. `checkbox: true` shows every option as a checkbox instead (a short list several of
 * which are chosen, e.g. the roles an administrator gives a user); the value is the array of checked values.
 */
import { LifeCycleTypes, onFieldInputValueChange } from '@formily/core';
import type { GeneralField } from '@formily/core';
import { connect, mapReadPretty, observer, useField } from '@formily/react';
import { Checkbox } from 'antd';
import type { SelectProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { EMPTY_PLACEHOLDER, formatAmount, toListAnswer } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { KeptFocusSelect } from './KeptFocusSelect';

/**
 * A value shown after an option's label: a field, as money or by its label among `enum` items (a page
 * writes `{"$dict": name}`, which the schema loader replaces by the dictionary's items).
 */
export type DescribeField =
  string | { field: string; format?: 'money'; enum?: ReadonlyArray<{ value: unknown; label: string }> };

/** Props of {@link RemoteSelectBase}. */
export interface RemoteSelectProps extends Omit<SelectProps, 'options'> {
  url: string;
  params?: Record<string, unknown>;
  /** @default 'name' */
  labelField?: string;
  /** @default 'id' */
  valueField?: string;
  /** Server-side search: the typed text is sent as this parameter (`true`: `keyword`). */
  search?: boolean | string;
  /** Server-side paging: rows per request (`page`, `size`); more load at the end of the list. */
  pageSize?: number;
  /** Where the answer keeps its rows (dotted path). @default 'list' (or the answer itself if an array) */
  listPath?: string;
  /** Cascading (in forms): request parameters read from fields, `{"parent": ".province"}`. */
  dependsOn?: Record<string, string>;
  /** Fields shown after the label (counterparty, amount, state), joined by ' · '. */
  describe?: DescribeField[];
  /** Every option as a checkbox (the value is the array of checked values) instead of a select. */
  checkbox?: boolean;
}

interface Option {
  label: string;
  value: string | number;
}

/** An option's text: its label, then the described fields that have a value. */
export function optionLabel(
  row: Record<string, unknown>,
  labelField: string,
  describe: readonly DescribeField[] | undefined,
): string {
  const parts = [String(row[labelField] ?? '')];
  for (const d of describe ?? []) {
    const spec = typeof d === 'string' ? { field: d } : d;
    const value = row[spec.field];
    if (value === undefined || value === null || value === '') continue;
    if (spec.format === 'money') parts.push(`${formatAmount(value as string)}元`);
    else if (spec.enum)
      parts.push(spec.enum.find((i) => String(i.value) === String(value))?.label ?? String(value));
    else parts.push(String(value));
  }
  return parts.filter(Boolean).join(' · ');
}

/** Debounce of the search text, in ms. */
const SEARCH_DELAY = 300;

const filled = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** Options of one query (params + keyword), page after page. */
function useRemoteOptions(
  props: Pick<
    RemoteSelectProps,
    'url' | 'params' | 'labelField' | 'valueField' | 'search' | 'pageSize' | 'listPath' | 'describe'
  >,
  keyword: string,
  enabled = true,
): { options: Option[]; loading: boolean; more: boolean; loadMore: () => void } {
  const { request } = useRenderer();
  const { url, params, labelField = 'name', valueField = 'id', search, pageSize, listPath, describe } = props;
  const searchParam = typeof search === 'string' ? search : 'keyword';
  const key = JSON.stringify([url, params ?? null, search ? keyword : '', pageSize ?? 0, enabled]);
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  const [state, setState] = useState<{ key: string; options: Option[]; total: number; loading: boolean }>({
    key: '',
    options: [],
    total: 0,
    loading: enabled,
  });

  useEffect(() => {
    if (!enabled) {
      setState({ key, options: [], total: 0, loading: false });
      return undefined;
    }
    const controller = new AbortController();
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    const query: Record<string, unknown> = {
      ...params,
      ...(search && keyword ? { [searchParam]: keyword } : {}),
      ...(pageSize ? { page, size: pageSize } : {}),
    };
    request<unknown>({
      method: 'GET',
      url,
      ...(Object.keys(query).length ? { params: query } : {}),
      signal: controller.signal,
    }).then(
      (answer) => {
        if (!current) return;
        const { list, pagecond } = toListAnswer(answer, listPath === undefined ? {} : { list: listPath });
        const options = list.map((row) => {
          const r = row as Record<string, unknown>;
          return {
            label: optionLabel(r, labelField, describe),
            value: r[valueField] as string | number,
          };
        });
        setState((s) => ({
          key,
          options: page > 1 && s.key === key ? [...s.options, ...options] : options,
          total: pagecond.count,
          loading: false,
        }));
      },
      () => current && setState((s) => ({ ...s, loading: false })),
    );
    return () => {
      current = false;
      controller.abort();
    };
    // `key` holds url, params, keyword, page size and enabled; the field names are fixed by the schema.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, page]);

  const options = state.key === key ? state.options : [];
  const more = Boolean(pageSize) && options.length < state.total;
  return {
    options,
    loading: state.loading,
    more,
    loadMore: () => {
      if (more && !state.loading) setPaging({ key, page: page + 1 });
    },
  };
}

/**
 * The option of the current `value` when the loaded options do not hold it (a value picked beyond the first
 * page, or saved earlier): asked of the server by the value itself through the search parameter (a
 * reference picker's `GET .../refs/{field}` finds an enterprise by its id), so the select and its read-only
 * text name it ("name · credit code") rather than show the bare id. Only for searchable selects.
 */
function useValueOption(
  props: Pick<
    RemoteSelectProps,
    'url' | 'params' | 'labelField' | 'valueField' | 'search' | 'pageSize' | 'listPath' | 'describe'
  >,
  value: unknown,
  loaded: { options: Option[]; loading: boolean },
  enabled = true,
): Option | undefined {
  const { request } = useRenderer();
  const { url, params, labelField = 'name', valueField = 'id', search, pageSize, listPath, describe } = props;
  const searchParam = typeof search === 'string' ? search : 'keyword';
  const scalar = typeof value === 'string' || typeof value === 'number' ? value : undefined;
  const wanted =
    enabled && search && filled(scalar) && !loaded.loading && !loaded.options.some((o) => o.value === scalar);
  const key = JSON.stringify([url, params ?? null, scalar ?? null]);
  const [found, setFound] = useState<{ key: string; option: Option | undefined } | null>(null);
  useEffect(() => {
    if (!wanted || found?.key === key) return undefined;
    const controller = new AbortController();
    let current = true;
    request<unknown>({
      method: 'GET',
      url,
      params: { ...params, [searchParam]: String(scalar), ...(pageSize ? { page: 1, size: pageSize } : {}) },
      signal: controller.signal,
    }).then(
      (answer) => {
        if (!current) return;
        const { list } = toListAnswer(answer, listPath === undefined ? {} : { list: listPath });
        const row = list.find(
          (r) => String((r as Record<string, unknown>)[valueField]) === String(scalar),
        ) as Record<string, unknown> | undefined;
        setFound({
          key,
          option: row
            ? { label: optionLabel(row, labelField, describe), value: scalar as string | number }
            : undefined,
        });
      },
      () => current && setFound({ key, option: undefined }),
    );
    return () => {
      current = false;
      controller.abort();
    };
    // `key` holds url, params and the value; the field names are fixed by the schema.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, key]);
  return wanted && found?.key === key ? found.option : undefined;
}

/** The select, usable without Formily (no `dependsOn`). */
export function RemoteSelectBase({
  url,
  params,
  labelField,
  valueField,
  search,
  pageSize,
  listPath,
  describe,
  dependsOn: _dependsOn,
  checkbox,
  ...rest
}: RemoteSelectProps): React.JSX.Element {
  const query = { url, params, labelField, valueField, search, pageSize, listPath, describe };
  if (checkbox) return <RemoteCheckboxes query={query} {...rest} />;
  return <RemoteSelectList query={query} {...rest} />;
}

type OptionQuery = Pick<
  RemoteSelectProps,
  'url' | 'params' | 'labelField' | 'valueField' | 'search' | 'pageSize' | 'listPath' | 'describe'
>;

/**
 * Every option as a checkbox (`checkbox: true`); the value is the array of checked values. Each box shows
 * the form's value itself, not antd's Checkbox.Group, which keeps a copy of the value that catches up an
 * effect after each change (antd/es/checkbox/Group.js): a box clicked showed its old state until then, and
 * a second click before it counted from the stale copy and undid the first.
 */
function RemoteCheckboxes({
  query,
  value,
  onChange,
  disabled,
}: Omit<SelectProps, 'options'> & { query: OptionQuery }): React.JSX.Element {
  const { options, loading } = useRemoteOptions(query, '');
  const checked = Array.isArray(value) ? (value as Array<string | number>) : [];
  // The value as last changed here, so a click before the form's value comes back counts from it.
  const latest = useRef(checked);
  latest.current = checked;
  if (loading && options.length === 0) return <span className="ant-form-text">加载中…</span>;
  const toggle = (option: string | number, on: boolean): void => {
    const offered = options.map((o) => o.value);
    // In the options' order; a value no option offers (any more) is kept, never dropped unseen.
    const next = [
      ...latest.current.filter((v) => !offered.includes(v)),
      ...offered.filter((v) => (v === option ? on : latest.current.includes(v))),
    ];
    latest.current = next;
    onChange?.(next, []);
  };
  return (
    <div className="ant-checkbox-group">
      {options.map((o) => (
        <Checkbox
          key={String(o.value)}
          className="ant-checkbox-group-item"
          value={o.value}
          checked={checked.includes(o.value)}
          disabled={disabled}
          onChange={(event) => toggle(o.value, event.target.checked)}
        >
          {o.label}
        </Checkbox>
      ))}
    </div>
  );
}

/** The select itself. */
function RemoteSelectList({
  query,
  ...rest
}: Omit<SelectProps, 'options'> & { query: OptionQuery }): React.JSX.Element {
  const { search, describe } = query;
  const [keyword, setKeyword] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { options: loaded, loading, loadMore } = useRemoteOptions(query, keyword);
  // The current value's own option when no loaded page holds it (not while the user searches).
  const valueOption = useValueOption(query, rest.value, { options: loaded, loading }, keyword === '');
  const options = valueOption ? [valueOption, ...loaded] : loaded;
  const searching = search
    ? {
        showSearch: true,
        filterOption: false,
        onSearch: (text: string) => {
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setKeyword(text.trim()), SEARCH_DELAY);
        },
      }
    : { optionFilterProp: 'label' };
  return (
    <KeptFocusSelect
      {...searching}
      // Described options (number · counterparty · amount · state) are read whole, not cut at the field.
      {...(describe?.length ? { popupMatchSelectWidth: false } : {})}
      {...rest}
      loading={loading}
      options={options}
      onPopupScroll={(event) => {
        const list = event.target as HTMLElement;
        if (list.scrollTop + list.clientHeight >= list.scrollHeight - 8) loadMore();
      }}
      onOpenChange={(open) => {
        // A search left over from the last opening would hide the other options.
        if (!open && keyword) setKeyword('');
      }}
      style={{ width: '100%', ...rest.style }}
    />
  );
}

/** The values of the fields a cascading select depends on, by request parameter. */
function dependencyValues(field: GeneralField | undefined, dependsOn: Record<string, string> | undefined) {
  const values: Record<string, unknown> = {};
  for (const [param, path] of Object.entries(dependsOn ?? {})) {
    const query = field?.query(path);
    values[param] = query?.take() ? query.value() : field?.form.getValuesIn(path.replace(/^\.+/, ''));
  }
  return values;
}

/** RemoteSelect inside a form: cascading on `dependsOn`. */
const FormRemoteSelect = observer(function FormRemoteSelect(props: RemoteSelectProps): React.JSX.Element {
  const field = useField();
  const { dependsOn } = props;
  const values = dependencyValues(field, dependsOn);
  const ready = Object.values(values).every(filled);
  const pathsKey = JSON.stringify(dependsOn ?? null);
  useEffect(() => {
    const paths = JSON.parse(pathsKey) as Record<string, string> | null;
    if (!paths || !field || !('setValue' in field)) return undefined;
    const id = `remote-select:${field.address.toString()}`;
    const parents = Object.values(paths);
    field.form.addEffects(id, () => {
      onFieldInputValueChange('*', (changed) => {
        if (!parents.some((path) => field.query(path).take() === changed)) return;
        if (!filled(field.value)) return;
        field.setValue(undefined);
        // Selects depending on this one empty too (a cascade is an input change down the chain).
        field.form.notify(LifeCycleTypes.ON_FIELD_INPUT_VALUE_CHANGE, field);
      });
    });
    return () => field.form.removeEffects(id);
  }, [field, pathsKey]);
  if (!dependsOn) return <RemoteSelectBase {...props} />;
  return (
    <RemoteSelectBase
      {...props}
      key={JSON.stringify(values)}
      params={{ ...props.params, ...values }}
      disabled={props.disabled || !ready}
      {...(ready ? {} : { placeholder: '请先选择上一级' })}
    />
  );
});

/** The selected option's label (read-pretty mode). */
function RemoteSelectText(props: RemoteSelectProps): React.JSX.Element {
  const field = useField();
  const values = dependencyValues(field, props.dependsOn);
  const ready = Object.values(values).every(filled);
  const query = { ...props, params: { ...props.params, ...values } };
  const { options, loading } = useRemoteOptions(query, '', ready);
  const { value } = props;
  const valueOption = useValueOption(query, value, { options, loading }, ready);
  if (Array.isArray(value)) {
    const labels = value.map((v) => options.find((o) => o.value === v)?.label ?? String(v));
    return <span>{labels.length ? labels.join('、') : EMPTY_PLACEHOLDER}</span>;
  }
  const label = (options.find((o) => o.value === value) ?? valueOption)?.label;
  return <span>{label ?? (filled(value) ? String(value) : EMPTY_PLACEHOLDER)}</span>;
}

/** RemoteSelect for schemas. */
export const RemoteSelect = connect(FormRemoteSelect, mapReadPretty(observer(RemoteSelectText)));
