/**
 * A form page sent to a hand-written endpoint of the contract (`form.submit`, e.g. registration and
 * password reset) instead of a model record, and the values such a form keeps across a reload
 * (`form.keep`).
 */
import { pathOf } from '@contract/api';
import { endpointNamed, type FormEndpointSubmit } from '@renderer/core';
import type { RendererContextValue } from '@renderer/react/context/RendererProvider';

/**
 * Sends `values` to the endpoint: strings trimmed (never the encrypted fields), `omit` left out and
 * `encrypt` encrypted by the host, and the UKEY `signature` (`form.submit.signature`) as `signature`.
 * @throws Error for an endpoint contract/api.ts does not name, or `encrypt` without the host's cipher.
 */
export async function submitToEndpoint(
  renderer: Pick<RendererContextValue, 'request' | 'encrypt'>,
  submit: FormEndpointSubmit,
  values: Record<string, unknown>,
  signature?: unknown,
): Promise<unknown> {
  const endpoint = endpointNamed(submit.endpoint);
  if (!endpoint || endpoint.method === 'DELETE') throw new Error(`未知的接口：${submit.endpoint}`);
  const encrypted = new Set(submit.encrypt ?? []);
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (submit.omit?.includes(name)) continue;
    if (encrypted.has(name) && typeof value === 'string') {
      if (!renderer.encrypt) throw new Error('未配置密码加密');
      body[name] = await renderer.encrypt(value);
    } else body[name] = typeof value === 'string' ? value.trim() : value;
  }
  if (signature) body.signature = signature;
  return renderer.request({ method: endpoint.method, url: pathOf(endpoint), data: body });
}

/** Values of `fields` worth keeping: non-empty strings. */
export function keptValues(
  values: Record<string, unknown>,
  fields: readonly string[],
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of fields) {
    const value = values[name];
    if (typeof value === 'string' && value !== '') kept[name] = value;
  }
  return kept;
}
