/** The part of `http_ece` (RFC 8188, web-push's encryption) the tests' push service uses to read what it receives. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiving device's key pair. */
    privateKey: ECDH;
    /** The subscription's auth secret, base64url. */
    authSecret: string;
  }

  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
