/** The UKEY flow codes of spec section 4 (what a signing attempt ends with). */
export const UKEY_FLOW = {
  OK: 0,
  ISSUER_NOT_EXIST: 1,
  MULTIPLE_KEYS: 2,
  PRINT_NUMBER_FAILED: 3,
  SELECT_CERT_FAILED: 4,
  SERIAL_NUMBER_FAILED: 5,
  ALGORITHM_TYPE_FAILED: 6,
  ISSUER_DN_FAILED: 7,
  SUBJECT_DN_FAILED: 8,
  ORIGINAL_TEXT_FAILED: 9,
  SIGN_FAILED: 10,
  REQUEST_FAILED: 11,
  ISSUER_MISMATCH: 12,
} as const;

export type UkeyFlowCode = (typeof UKEY_FLOW)[keyof typeof UKEY_FLOW];

/**
 * User messages of spec section 8, verbatim. Where the spec has none (issuer/subject DN) the text is ours.
 * Hardware keys (through the signing agent) and browser soft keys report a few steps in different words,
 * as the two kits of the original portal did: see SOFT_KEY_MESSAGES.
 */
export const UKEY_MESSAGES = {
  ok: '签名成功',
  issuerNotExist: 'Ukey颁发机构不存在。',
  notInserted: '请检查Ukey是否正确插入。',
  multipleKeys: '请勿插入多个UKEY',
  /** Spec section 5's wording of the same rule, shown next to the key choice. */
  onlyOneKey: '请只插入一个UKEY',
  printNumberFailed: '获取UKEY印刷编号失败',
  issuerMismatch: '您选择的UKEY颁发机构与UKEY信息不匹配',
  selectCertFailed: '选择证书失败',
  certNumberFailed: '获取证书编号失败',
  serialNumberFailed: '获取序列号失败。',
  algorithmFailed: '提取ukey签名算法类型失败',
  issuerDnFailed: '获取证书颁发者信息失败',
  subjectDnFailed: '获取证书主题信息失败',
  originalFailed: '获取签名原文失败',
  signFailed: '签名失败。',
  certSignFailed: '证书签名失败。',
  driverVersionFailed: '获取驱动版本号失败',
  /** Spec section 5: "UKEY driver version at least {ip}". */
  driverOutdated: 'UKEY驱动不是最新版本',
} as const;

/** The message of each failing step for hardware keys (spec section 8). */
export const HARDWARE_KEY_MESSAGES: Record<Exclude<UkeyFlowCode, 0 | 11>, string> = {
  1: UKEY_MESSAGES.issuerNotExist,
  2: UKEY_MESSAGES.multipleKeys,
  3: UKEY_MESSAGES.printNumberFailed,
  4: UKEY_MESSAGES.selectCertFailed,
  5: UKEY_MESSAGES.serialNumberFailed,
  6: UKEY_MESSAGES.algorithmFailed,
  7: UKEY_MESSAGES.issuerDnFailed,
  8: UKEY_MESSAGES.subjectDnFailed,
  9: UKEY_MESSAGES.originalFailed,
  10: UKEY_MESSAGES.signFailed,
  12: UKEY_MESSAGES.issuerMismatch,
};

/** The soft key is a certificate in the browser: no device serial, a certificate number instead. */
export const SOFT_KEY_MESSAGES: Partial<Record<UkeyFlowCode, string>> = {
  5: UKEY_MESSAGES.certNumberFailed,
  10: UKEY_MESSAGES.certSignFailed,
};
