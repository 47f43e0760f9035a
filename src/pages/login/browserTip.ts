/** IE7 and IE8 are not supported (spec section 8); IE9+ and Chrome are. */
export function isUnsupportedBrowser(userAgent: string): boolean {
  return /MSIE [78]\./.test(userAgent);
}

/** Only same-site paths under /cv3/ may be post-login destinations. */
export function safeRedirectTarget(value: string | null): string | null {
  return value && /^\/cv3\/(?![/\\])/.test(value) && !value.startsWith('/cv3/login') ? value : null;
}
