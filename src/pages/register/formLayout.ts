/**
 * The columns of the registration and password-reset forms: the label beside its field from 576 px up,
 * above it on a phone, and the buttons under the fields without the label column's offset there (the
 * public pages fit a 390 px phone: tests/e2e/walk.spec.ts).
 */
export const LABEL_COL = { xs: { span: 24 }, sm: { span: 6 } };
export const WRAPPER_COL = { xs: { span: 24 }, sm: { span: 15 } };
export const TAIL_COL = { xs: { span: 24 }, sm: { offset: 6, span: 15 } };
