/**
 * Each page kind as a lazily loaded component: a page kind is its own chunk, loaded with the first
 * page (or composite part) of that kind.
 */
import { lazy } from 'react';
import type { ComponentType } from 'react';
import type { PageKind, PageSchema } from '@renderer/core';
import {
  loadApprovePage,
  loadCompositePage,
  loadDetailPage,
  loadFormPage,
  loadListPage,
  loadStatisticsPage,
  loadUploadPage,
} from './lazyModules';
import type { PageProps } from './pages/ListPage';

/** A page kind's component, for any page schema. */
export type AnyPage = ComponentType<PageProps<PageSchema>>;
const page = (load: () => Promise<AnyPage>): AnyPage => lazy(async () => ({ default: await load() }));

export const PAGE_KINDS: Record<PageKind, AnyPage> = {
  list: page(() => loadListPage().then((m) => m.ListPage as AnyPage)),
  form: page(() => loadFormPage().then((m) => m.FormPage as AnyPage)),
  approve: page(() => loadApprovePage().then((m) => m.ApprovePage as AnyPage)),
  upload: page(() => loadUploadPage().then((m) => m.UploadPage as AnyPage)),
  detail: page(() => loadDetailPage().then((m) => m.DetailPage as AnyPage)),
  statistics: page(() => loadStatisticsPage().then((m) => m.StatisticsPage as AnyPage)),
  composite: page(() => loadCompositePage().then((m) => m.CompositePage as AnyPage)),
};
