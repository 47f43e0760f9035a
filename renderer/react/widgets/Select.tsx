/**
 * `x-component: "Select"`: @formily/antd-v5's Select (its mapping of `dataSource` and `loading`, its
 * read-pretty text) on {@link KeptFocusSelect}, which never takes the focus back from the next field.
 */
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { LoadingOutlined } from '@ant-design/icons';
import { PreviewText } from '@formily/antd-v5/esm/preview-text';
import { KeptFocusSelect } from './KeptFocusSelect';

/** The form select (`x-component: "Select"`). */
export const Select = connect(
  KeptFocusSelect,
  mapProps({ dataSource: 'options', loading: true }, (props, field) => {
    // A void field has neither; a data field shows the spinner while it loads or validates.
    const busy = field && 'loading' in field && (field.loading || field.validating);
    return { ...props, suffixIcon: busy ? <LoadingOutlined /> : props.suffixIcon };
  }),
  mapReadPretty(PreviewText.Select),
);
