/**
 * The default component registry: antd widgets as @formily/antd-v5 adapts them, and the portal's
 * widgets. Every entry is lazy: a page loads what its schema names before it renders (a list
 * without a query form loads none of them; a form without dates never loads the date picker). Its
 * names are BUILTIN_COMPONENT_NAMES (the checker's list); a test keeps the two equal.
 */
import { loadArrayTable, loadFormGrid } from '@renderer/react/lazyModules';
import { createComponentRegistry } from './createComponentRegistry';
import type { AnyComponent, ComponentEntry, ComponentRegistry } from './createComponentRegistry';

type Module = Record<string, unknown>;

/** A lazy entry reading `path` (`Input.TextArea`) from a module. */
const from =
  (load: () => Promise<Module>) =>
  (path: string): ComponentEntry => ({
    getComponent: () =>
      load().then(
        (module) =>
          path
            .split('.')
            .reduce<unknown>((at, key) => (at as Module | undefined)?.[key], module) as AnyComponent,
      ),
  });

const basics = from(() => import('./basicWidgets'));
const datePicker = from(() => import('@renderer/react/widgets/DatePicker'));
// @formily/antd-v5's Select on a select that keeps the focus where the user went (widgets/KeptFocusSelect.tsx).
const select = from(() => import('@renderer/react/widgets/Select'));
const arrayTable = from(loadArrayTable);
const arrayItems = from(() => import('@formily/antd-v5/esm/array-items'));
const arrayCards = from(() => import('@formily/antd-v5/esm/array-cards'));
const timePicker = from(() => import('@formily/antd-v5/esm/time-picker'));
const formTab = from(() => import('@formily/antd-v5/esm/form-tab'));
const formCollapse = from(() => import('@formily/antd-v5/esm/form-collapse'));

/** The entries of {@link defaultComponents}, to build a registry that extends or overrides them. */
export const DEFAULT_COMPONENT_ENTRIES: Readonly<Record<string, ComponentEntry>> = {
  FormItem: basics('FormItem'),
  // FormGrid measures its container (with a resize-observer polyfill): only for schemas that use it.
  FormGrid: from(loadFormGrid)('FormGrid'),
  FormLayout: basics('FormLayout'),
  Space: basics('Space'),
  Text: basics('Text'),
  Input: basics('Input'),
  'Input.TextArea': basics('Input.TextArea'),
  Select: select('Select'),
  DatePicker: datePicker('DatePicker'),
  'DatePicker.RangePicker': datePicker('DatePicker.RangePicker'),
  NumberPicker: basics('NumberPicker'),
  'Radio.Group': basics('Radio.Group'),
  Checkbox: basics('Checkbox'),
  'Checkbox.Group': basics('Checkbox.Group'),
  Switch: basics('Switch'),
  ArrayTable: arrayTable('ArrayTable'),
  'ArrayTable.Column': arrayTable('ArrayTable.Column'),
  'ArrayTable.Index': arrayTable('ArrayTable.Index'),
  'ArrayTable.Remove': arrayTable('ArrayTable.Remove'),
  'ArrayTable.Addition': arrayTable('ArrayTable.Addition'),
  ArrayItems: arrayItems('ArrayItems'),
  'ArrayItems.Item': arrayItems('ArrayItems.Item'),
  'ArrayItems.Index': arrayItems('ArrayItems.Index'),
  'ArrayItems.Remove': arrayItems('ArrayItems.Remove'),
  'ArrayItems.Addition': arrayItems('ArrayItems.Addition'),
  'ArrayItems.MoveUp': arrayItems('ArrayItems.MoveUp'),
  'ArrayItems.MoveDown': arrayItems('ArrayItems.MoveDown'),
  ArrayCards: arrayCards('ArrayCards'),
  'ArrayCards.Index': arrayCards('ArrayCards.Index'),
  'ArrayCards.Remove': arrayCards('ArrayCards.Remove'),
  'ArrayCards.Addition': arrayCards('ArrayCards.Addition'),
  Cascader: from(() => import('@formily/antd-v5/esm/cascader'))('Cascader'),
  TreeSelect: from(() => import('@formily/antd-v5/esm/tree-select'))('TreeSelect'),
  Transfer: from(() => import('@formily/antd-v5/esm/transfer'))('Transfer'),
  TimePicker: timePicker('TimePicker'),
  'TimePicker.RangePicker': timePicker('TimePicker.RangePicker'),
  FormTab: formTab('FormTab'),
  'FormTab.TabPane': formTab('FormTab.TabPane'),
  FormCollapse: formCollapse('FormCollapse'),
  'FormCollapse.CollapsePanel': formCollapse('FormCollapse.CollapsePanel'),
  AmountInput: from(() => import('@renderer/react/widgets/AmountInput'))('AmountInput'),
  AmountRange: from(() => import('@renderer/react/widgets/AmountRange'))('AmountRange'),
  CapitalAmount: basics('CapitalAmount'),
  UkeySignButton: from(() => import('@renderer/react/widgets/UkeySignButton'))('UkeySignButton'),
  FileUpload: from(() => import('@renderer/react/widgets/FileUpload'))('FileUpload'),
  RemoteSelect: from(() => import('@renderer/react/widgets/RemoteSelect'))('RemoteSelect'),
  AmountDisplay: from(() => import('@renderer/react/widgets/AmountDisplay'))('AmountDisplay'),
  AgreementViewer: from(() => import('@renderer/react/widgets/AgreementViewer'))('AgreementViewer'),
  RateInput: from(() => import('@renderer/react/widgets/RateInput'))('RateInput'),
};

/** The registry pages use unless the host passes another. */
export const defaultComponents: ComponentRegistry = createComponentRegistry(DEFAULT_COMPONENT_ENTRIES);
