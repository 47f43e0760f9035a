/**
 * Encrypts the login password with the server's RSA public key (RSA-OAEP with SHA-256), so it never
 * travels in clear. WebCrypto where the page is a secure context; jsrsasign (loaded only then) elsewhere.
 */
export async function encryptPassword(password: string, publicKeySpkiBase64: string): Promise<string> {
  const der = Uint8Array.from(atob(publicKeySpkiBase64), (c) => c.charCodeAt(0));
  if (globalThis.crypto?.subtle) {
    const key = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
    const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password));
    return btoa(String.fromCharCode(...new Uint8Array(cipher)));
  }
  const { KEYUTIL, KJUR, hextob64 } = await import('jsrsasign');
  const pem = `-----BEGIN PUBLIC KEY-----\n${publicKeySpkiBase64}\n-----END PUBLIC KEY-----`;
  const key = KEYUTIL.getKey(pem);
  return hextob64(KJUR.crypto.Cipher.encrypt(password, key as never, 'RSAOAEP256'));
}
