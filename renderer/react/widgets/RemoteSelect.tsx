/**
 * RemoteSelect: a Select whose options come from an API list (`{list}` or an array), e.g. the
 * suppliers of a core enterprise: `{"url": "/corp/v1/corps/suppliers", "labelField": "name", "valueField": "id"}`.
 */
import { connect, mapReadPretty } from '@formily/react';
import { Select } from 'antd';
import type { SelectProps } from 'antd';
import { EMPTY_PLACEHOLDER } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { useLoad } from '@renderer/react/parts/useLoad';

/** Props of {@link RemoteSelectBase}. */
export interface RemoteSelectProps extends Omit<SelectProps, 'options'> {
  url: string;
  params?: Record<string, unknown>;
  /** @default 'name' */
  labelField?: string;
  /** @default 'id' */
  valueField?: string;
}

interface Option {
  label: string;
  value: string | number;
}

function useOptions(
  url: string,
  params: Record<string, unknown> | undefined,
  labelField: string,
  valueField: string,
): { options: Option[]; loading: boolean } {
  const { request } = useRenderer();
  const { data, loading } = useLoad(`${url}?${JSON.stringify(params ?? {})}`, (signal) =>
    request<unknown>({ method: 'GET', url, ...(params ? { params } : {}), signal }),
  );
  const rows = Array.isArray(data)
    ? data
    : Array.isArray((data as { list?: unknown } | undefined)?.list)
      ? (data as { list: unknown[] }).list
      : [];
  const options = rows.map((row) => {
    const r = row as Record<string, unknown>;
    return { label: String(r[labelField] ?? ''), value: r[valueField] as string | number };
  });
  return { options, loading };
}

/** The select, usable without Formily. */
export function RemoteSelectBase({
  url,
  params,
  labelField = 'name',
  valueField = 'id',
  ...rest
}: RemoteSelectProps): React.JSX.Element {
  const { options, loading } = useOptions(url, params, labelField, valueField);
  return (
    <Select
      optionFilterProp="label"
      {...rest}
      loading={loading}
      options={options}
      style={{ width: '100%', ...rest.style }}
    />
  );
}

/** The selected option's label (read-pretty mode). */
function RemoteSelectText({
  url,
  params,
  labelField = 'name',
  valueField = 'id',
  value,
}: RemoteSelectProps): React.JSX.Element {
  const { options } = useOptions(url, params, labelField, valueField);
  const label = options.find((o) => o.value === value)?.label;
  return (
    <span>
      {label ?? (value === undefined || value === null || value === '' ? EMPTY_PLACEHOLDER : String(value))}
    </span>
  );
}

/** RemoteSelect for schemas. */
export const RemoteSelect = connect(RemoteSelectBase, mapReadPretty(RemoteSelectText));
