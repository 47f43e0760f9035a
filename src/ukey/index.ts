export { AGENT_URL_STORAGE_KEY, agentUrl, createAgentDriver, DEFAULT_AGENT_URL } from './agentDriver';
export type { AgentDriverOptions } from './agentDriver';
export { createUkeySigner } from './createUkeySigner';
export type { CreateUkeySignerOptions, UkeySigner, UkeySignOptions } from './createUkeySigner';
export { UkeyDriverError } from './driver';
export type { UkeyDriver, UkeyHandle } from './driver';
export { HARDWARE_KEY_MESSAGES, SOFT_KEY_MESSAGES, UKEY_FLOW, UKEY_MESSAGES } from './flowCodes';
export type { UkeyFlowCode } from './flowCodes';
export { describeKitError, KIT_ERRORS, kitErrorText, normaliseKitCode } from './kitErrors';
export type { KitError } from './kitErrors';
export {
  algorithmOfSerial,
  compareVersions,
  DEFAULT_UKEY_RULES,
  issuerOfPrintNumber,
  withDefaults,
} from '@contract/ukey';
export type { UkeyAlgorithm, UkeyIssuer, UkeyRules } from '@contract/ukey';
export { runUkeyFlow, UKEY_PROGRESS } from './runUkeyFlow';
export type { SignFlowResult, SignRecord, UkeyFlowInput } from './runUkeyFlow';
export { createSoftKey } from './softKey/createSoftKey';
export { createSoftKeyDriver } from './softKey/softKeyDriver';
export { indexedDbSoftKeyStore, memorySoftKeyStore } from './softKey/softKeyStore';
export type { SoftKeyRecord, SoftKeyStore } from './softKey/softKeyStore';
export * from './ukeyApi';
