/**
 * Every chunk the renderer loads on demand, in one place: page kinds, the query form, tabs, the
 * action dialogs, the form steps bar, the editable array table, the measuring grid (the registry's
 * widgets load through `ComponentRegistry.load`). `preloadRenderer` loads them all (a host may call it
 * when idle; the schema test suite calls it so snapshots never catch a chunk half-loaded).
 */
export const loadListPage = () => import('./pages/ListPage');
export const loadFormPage = () => import('./pages/FormPage');
export const loadApprovePage = () => import('./pages/ApprovePage');
export const loadUploadPage = () => import('./pages/UploadPage');
export const loadDetailPage = () => import('./pages/DetailPage');
export const loadStatisticsPage = () => import('./pages/StatisticsPage');
export const loadCompositePage = () => import('./pages/CompositePage');
export const loadCollapse = () => import('antd/es/collapse');
export const loadSchemaDialog = () => import('./parts/dialogs/SchemaDialog');
export const loadSteps = () => import('antd/es/steps');
export const loadArrayTable = () => import('@formily/antd-v5/esm/array-table');
export const loadFormGrid = () => import('@formily/antd-v5/esm/form-grid');

/** Loads every on-demand chunk of the renderer. */
export async function preloadRenderer(): Promise<void> {
  await Promise.all([
    loadListPage(),
    loadFormPage(),
    loadApprovePage(),
    loadUploadPage(),
    loadDetailPage(),
    loadStatisticsPage(),
    loadCompositePage(),
    loadCollapse(),
    loadSchemaDialog(),
    loadSteps(),
    loadArrayTable(),
    loadFormGrid(),
    loadQueryForm(),
    loadTabs(),
    loadActionDialogs(),
  ]);
}
export const loadQueryForm = () => import('./parts/QueryForm');
export const loadTabs = () => import('antd/es/tabs');
export const loadActionDialogs = () => import('./parts/ActionDialogs');
