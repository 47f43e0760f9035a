/**
 * Error codes that certificate kits and UKEY drivers report, with the text a user sees (spec section 8:
 * "a long table maps certificate-kit hex error codes to Chinese texts"). The codes are the HRESULTs of
 * Windows CryptoAPI / CNG (NTE_*, CRYPT_E_*, CERT_E_*, TRUST_E_*), of the smart-card subsystem (SCARD_*)
 * and of Win32 errors wrapped as HRESULT (0x8007xxxx), which is what real kits (CSP/minidriver based)
 * pass through. Values are from the Windows SDK's winerror.h.
 */
export interface KitError {
  /** The symbolic name in winerror.h. */
  name: string;
  text: string;
}

export const KIT_ERRORS: Readonly<Record<string, KitError>> = {
  // Win32 errors as HRESULT
  '0x80004005': { name: 'E_FAIL', text: '证书控件执行失败' },
  '0x80070002': { name: 'ERROR_FILE_NOT_FOUND', text: '未找到UKEY驱动或证书控件文件，请重新安装驱动' },
  '0x80070005': { name: 'E_ACCESSDENIED', text: '没有访问UKEY的权限' },
  '0x8007000E': { name: 'E_OUTOFMEMORY', text: '内存不足，无法完成签名' },
  '0x80070015': { name: 'ERROR_NOT_READY', text: 'UKEY设备未就绪，请重新插入' },
  '0x80070057': { name: 'E_INVALIDARG', text: '签名参数错误' },
  '0x8007048F': { name: 'ERROR_DEVICE_NOT_CONNECTED', text: 'UKEY设备未连接' },
  '0x80070490': { name: 'ERROR_NOT_FOUND', text: '未找到匹配的证书' },
  '0x800704C7': { name: 'ERROR_CANCELLED', text: '用户取消了操作' },
  '0x800705B4': { name: 'ERROR_TIMEOUT', text: '操作超时，请重试' },
  // CryptoAPI / CNG (NTE_*)
  '0x80090003': { name: 'NTE_BAD_KEY', text: '密钥无效' },
  '0x80090004': { name: 'NTE_BAD_LEN', text: '待签名数据过大或长度错误' },
  '0x80090005': { name: 'NTE_BAD_DATA', text: '待签名数据格式错误' },
  '0x80090006': { name: 'NTE_BAD_SIGNATURE', text: '签名值无效' },
  '0x80090008': { name: 'NTE_BAD_ALGID', text: 'UKEY不支持该签名算法' },
  '0x80090009': { name: 'NTE_BAD_FLAGS', text: '签名标志参数无效' },
  '0x8009000D': { name: 'NTE_NO_KEY', text: 'UKEY中没有可用的签名密钥' },
  '0x80090010': { name: 'NTE_PERM', text: 'UKEY拒绝访问，请检查PIN码' },
  '0x80090011': { name: 'NTE_NOT_FOUND', text: '未找到对象或属性' },
  '0x80090016': { name: 'NTE_BAD_KEYSET', text: '密钥容器不存在' },
  '0x80090019': { name: 'NTE_KEYSET_NOT_DEF', text: '密钥容器未定义，请重新安装UKEY驱动' },
  '0x8009001D': { name: 'NTE_PROVIDER_DLL_FAIL', text: '加密服务提供程序加载失败，请重新安装UKEY驱动' },
  '0x8009001E': { name: 'NTE_PROV_DLL_NOT_FOUND', text: '未找到加密服务提供程序，请安装UKEY驱动' },
  '0x80090020': { name: 'NTE_FAIL', text: '加密服务内部错误' },
  '0x80090023': { name: 'NTE_TOKEN_KEYSET_STORAGE_FULL', text: 'UKEY存储空间已满' },
  '0x80090027': { name: 'NTE_INVALID_PARAMETER', text: '参数无效' },
  '0x80090028': { name: 'NTE_BUFFER_TOO_SMALL', text: '缓冲区太小' },
  '0x80090029': { name: 'NTE_NOT_SUPPORTED', text: 'UKEY不支持该操作' },
  '0x8009002A': { name: 'NTE_NO_MORE_ITEMS', text: '没有更多的证书或密钥' },
  '0x80090030': { name: 'NTE_DEVICE_NOT_READY', text: 'UKEY设备未就绪' },
  '0x80090033': { name: 'NTE_INCORRECT_PASSWORD', text: 'UKEY密码错误' },
  '0x80090035': { name: 'NTE_DEVICE_NOT_FOUND', text: '未找到UKEY设备' },
  '0x80090036': { name: 'NTE_USER_CANCELLED', text: '用户取消了PIN码输入' },
  // Certificate store and messages (CRYPT_E_*)
  '0x80091007': { name: 'CRYPT_E_HASH_VALUE', text: '数据摘要不匹配，数据可能已被篡改' },
  '0x80092002': { name: 'CRYPT_E_BAD_ENCODE', text: '证书编码错误' },
  '0x80092004': { name: 'CRYPT_E_NOT_FOUND', text: '证书库中没有可用的证书' },
  '0x80092009': { name: 'CRYPT_E_NO_MATCH', text: '未找到与条件匹配的证书' },
  '0x8009200B': { name: 'CRYPT_E_NO_KEY_PROPERTY', text: '证书没有对应的私钥' },
  '0x80092010': { name: 'CRYPT_E_REVOKED', text: '证书已被吊销' },
  '0x80092012': { name: 'CRYPT_E_NO_REVOCATION_CHECK', text: '无法检查证书的吊销状态' },
  '0x80092013': { name: 'CRYPT_E_REVOCATION_OFFLINE', text: '吊销服务器离线，无法检查证书状态' },
  // Certificate trust (CERT_E_*, TRUST_E_*)
  '0x80096004': { name: 'TRUST_E_CERT_SIGNATURE', text: '证书签名无法验证' },
  '0x800B0100': { name: 'TRUST_E_NOSIGNATURE', text: '数据没有签名' },
  '0x800B0101': { name: 'CERT_E_EXPIRED', text: '证书已过期' },
  '0x800B0109': { name: 'CERT_E_UNTRUSTEDROOT', text: '证书的根证书不受信任' },
  '0x800B010A': { name: 'CERT_E_CHAINING', text: '证书链不完整，无法找到颁发者证书' },
  '0x800B010C': { name: 'CERT_E_REVOKED', text: '证书已被颁发机构吊销' },
  '0x800B010E': { name: 'CERT_E_REVOCATION_FAILURE', text: '证书吊销状态检查失败' },
  '0x800B0110': { name: 'CERT_E_WRONG_USAGE', text: '证书不能用于签名' },
  '0x800B0112': { name: 'CERT_E_UNTRUSTEDCA', text: '证书颁发机构不受信任' },
  // Smart-card subsystem (SCARD_*)
  '0x80100001': { name: 'SCARD_F_INTERNAL_ERROR', text: '智能卡服务内部错误' },
  '0x80100002': { name: 'SCARD_E_CANCELLED', text: '智能卡操作已取消' },
  '0x8010000A': { name: 'SCARD_E_TIMEOUT', text: '智能卡操作超时' },
  '0x8010000B': { name: 'SCARD_E_SHARING_VIOLATION', text: 'UKEY正被其他程序占用' },
  '0x8010000C': { name: 'SCARD_E_NO_SMARTCARD', text: '未检测到UKEY' },
  '0x8010000D': { name: 'SCARD_E_UNKNOWN_CARD', text: '无法识别的UKEY' },
  '0x80100017': { name: 'SCARD_E_READER_UNAVAILABLE', text: 'UKEY读卡器不可用' },
  '0x8010001D': { name: 'SCARD_E_NO_SERVICE', text: '智能卡服务未启动' },
  '0x8010001E': { name: 'SCARD_E_SERVICE_STOPPED', text: '智能卡服务已停止' },
  '0x8010002C': { name: 'SCARD_E_NO_SUCH_CERTIFICATE', text: 'UKEY中没有该证书' },
  '0x8010002D': { name: 'SCARD_E_CERTIFICATE_UNAVAILABLE', text: '无法读取UKEY中的证书' },
  '0x8010002E': { name: 'SCARD_E_NO_READERS_AVAILABLE', text: '未检测到UKEY，请检查UKEY是否插好' },
  '0x80100030': { name: 'SCARD_E_NO_KEY_CONTAINER', text: 'UKEY中没有密钥容器' },
  '0x80100066': { name: 'SCARD_W_UNRESPONSIVE_CARD', text: 'UKEY无响应，请重新插入' },
  '0x80100069': { name: 'SCARD_W_REMOVED_CARD', text: 'UKEY已被拔出' },
  '0x8010006B': { name: 'SCARD_W_WRONG_CHV', text: 'UKEY密码（PIN码）错误' },
  '0x8010006C': { name: 'SCARD_W_CHV_BLOCKED', text: 'UKEY密码已锁定，请联系发证机构解锁' },
  '0x8010006E': { name: 'SCARD_W_CANCELLED_BY_USER', text: '用户取消了证书选择' },
};

/** `0x8010002e`, `8010002E`, -2146435026 or 0x8010002E → `0x8010002E` (the table's key form). */
export function normaliseKitCode(code: string | number): string | null {
  let n: number;
  if (typeof code === 'number') n = code >>> 0;
  else {
    const m = /^(?:0x)?([0-9a-f]{1,8})$/i.exec(code.trim());
    if (!m) return null;
    n = parseInt(m[1]!, 16);
  }
  if (!Number.isFinite(n)) return null;
  return `0x${n.toString(16).toUpperCase().padStart(8, '0')}`;
}

/** The Chinese text of a kit error code, or undefined when the table does not know it. */
export function kitErrorText(code: string | number): string | undefined {
  const key = normaliseKitCode(code);
  return key ? KIT_ERRORS[key]?.text : undefined;
}

/** What the user sees: the text with its code, or the code alone for one we do not know. */
export function describeKitError(code: string | number): string {
  const key = normaliseKitCode(code) ?? String(code);
  const text = KIT_ERRORS[key]?.text;
  return text ? `${text}（错误码：${key}）` : `证书控件错误（错误码：${key}）`;
}
