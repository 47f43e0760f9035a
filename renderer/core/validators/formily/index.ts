export { createFormilyValidation, registerFormilyFormats } from './registerFormilyFormats';
export type { FormilyRule, FormilyValidation } from './registerFormilyFormats';
