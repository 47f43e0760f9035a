/**
 * The portal's widgets, for hand-written screens that want them outside schemas. Schemas name them
 * in `x-component` instead (the registry loads them on demand).
 */
export { AmountInput, AmountInputBase, AmountText } from './AmountInput';
export type { AmountInputProps } from './AmountInput';
export { AmountRange as AmountRangeInput, AmountRangeBase } from './AmountRange';
export { CapitalAmount, CapitalAmountText } from './CapitalAmount';
export { FileUpload, FileUploadBase } from './FileUpload';
export type { FileUploadProps } from './FileUpload';
export { RemoteSelect, RemoteSelectBase } from './RemoteSelect';
export { UkeySignButton, UkeySignButtonBase } from './UkeySignButton';
export { AmountDisplay, AmountDisplayText } from './AmountDisplay';
export type { AmountDisplayProps } from './AmountDisplay';
export { AgreementViewer, AgreementViewerBase } from './AgreementViewer';
export type { AgreementViewerProps } from './AgreementViewer';
export type { UkeySignButtonProps } from './UkeySignButton';
export { RateInput, RateInputBase, RateText, percentOfRate, rateOfPercent } from './RateInput';
export type { RateInputProps } from './RateInput';
