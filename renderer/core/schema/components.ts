/**
 * Names of the components page schemas may use in `x-component` / `x-decorator`, as the default
 * registry of `renderer/react` provides them. The checker reads this list (no React here); a test of
 * the React registry keeps both in step.
 */
export const BUILTIN_COMPONENT_NAMES = [
  // layout and decoration
  'FormItem',
  'FormGrid',
  'FormLayout',
  'Space',
  'Text',
  // inputs
  'Input',
  'Input.TextArea',
  'Select',
  'DatePicker',
  'DatePicker.RangePicker',
  'NumberPicker',
  'Radio.Group',
  'Checkbox',
  'Checkbox.Group',
  'Switch',
  // arrays (loaded lazily: they bring the table)
  'ArrayTable',
  'ArrayTable.Column',
  'ArrayTable.Index',
  'ArrayTable.Remove',
  'ArrayTable.Addition',
  'ArrayItems',
  'ArrayItems.Item',
  'ArrayItems.Index',
  'ArrayItems.Remove',
  'ArrayItems.Addition',
  'ArrayItems.MoveUp',
  'ArrayItems.MoveDown',
  'ArrayCards',
  'ArrayCards.Index',
  'ArrayCards.Remove',
  'ArrayCards.Addition',
  // renderer v2 inputs and layouts (each its own chunk)
  'Cascader',
  'TreeSelect',
  'Transfer',
  'TimePicker',
  'TimePicker.RangePicker',
  'FormTab',
  'FormTab.TabPane',
  'FormCollapse',
  'FormCollapse.CollapsePanel',
  // the portal's widgets
  'AmountInput',
  'RateInput',
  'AmountRange',
  'CapitalAmount',
  'UkeySignButton',
  'FileUpload',
  'RemoteSelect',
  'AmountDisplay',
  'AgreementViewer',
] as const;

/** One of {@link BUILTIN_COMPONENT_NAMES}. */
export type BuiltinComponentName = (typeof BUILTIN_COMPONENT_NAMES)[number];
