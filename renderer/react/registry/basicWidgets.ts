/**
 * The small widgets most forms use, loaded together on a page's first form: @formily/antd-v5's
 * adapters of antd inputs (connect / mapProps / mapReadPretty, once) and the portal's light widgets.
 */
export { Checkbox } from '@formily/antd-v5/esm/checkbox';
export { FormLayout } from '@formily/antd-v5/esm/form-layout';
export { Input } from '@formily/antd-v5/esm/input';
export { NumberPicker } from '@formily/antd-v5/esm/number-picker';
export { Radio } from '@formily/antd-v5/esm/radio';
export { Space } from '@formily/antd-v5/esm/space';
export { Switch } from '@formily/antd-v5/esm/switch';
export { FormItem } from '@renderer/react/formily/FormItem';
export { CapitalAmount } from '@renderer/react/widgets/CapitalAmount';
export { Text } from '@renderer/react/widgets/Text';
