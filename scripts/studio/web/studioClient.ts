// The studio page's calls: its own file side (`/studio-api/…`) and, for the preview, the reference server
// through the portal's request layer on an instance of its own, whose 401 does not leave the studio for the
// portal's login page.
import type { HttpClient } from '@/api/http';
import { roleKindName, roleLabel } from '@contract/roles';
import { createRequest, browserEnvironment } from '@/api/request';
import { fetchSecurity, login } from '@/api/session';
import type { SecurityInfo } from '@/api/types';
import type { ModelDefinition } from '@renderer';
import type { CheckIssue } from '@renderer/core/checker';
import type { MetaSchema } from './jsonAssist';

export async function studioApi<T>(name: string, payload?: unknown): Promise<T> {
  const answer = await fetch(
    `/studio-api/${name}`,
    payload === undefined
      ? undefined
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) },
  );
  const value = (await answer.json()) as T & { error?: string };
  if (!answer.ok) throw new Error(value.error ?? `HTTP ${answer.status}`);
  return value;
}

export interface StudioSource {
  files: Record<string, unknown>;
  models: Record<string, ModelDefinition>;
  meta: MetaSchema;
  /** Demo user by role, and their password. */
  users: Record<string, string>;
  password: string;
}

export type { CheckIssue };
// Types only: the file side's own shapes (nothing of Node reaches the page).
export type { Impact, PageEntry } from '../core';

/** The preview's HTTP client: every convention of the portal's, but no redirect on 401. */
export const previewHttp: HttpClient = createRequest({ ...browserEnvironment(), redirect: () => {} });

/** Logs the preview in as a demo user and returns its session as the portal reads it. */
export async function previewLogin(username: string, password: string): Promise<SecurityInfo> {
  await login(username, password, previewHttp);
  return fetchSecurity(null, previewHttp);
}

/** A role as the header names it (核心企业经办岗), or its code. */
export const roleName = (role: string): string => `${roleKindName(role)}${roleLabel(role) || role}`;
