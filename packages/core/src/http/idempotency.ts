/** The Web Crypto members key generation uses; typed here because core compiles without DOM or Node types. */
interface WebCrypto {
  randomUUID?: () => string;
  getRandomValues?: (array: Uint8Array) => Uint8Array;
}

/**
 * A fresh `Idempotency-Key`: a random (version 4) UUID from Web Crypto, which Node 20, workers
 * and browsers all have. `randomUUID` exists only in secure contexts in browsers, so a plain-HTTP
 * page falls back to `getRandomValues`; with neither, there is no safe source and it throws.
 */
export function generateIdempotencyKey(crypto: WebCrypto | undefined = (globalThis as { crypto?: WebCrypto }).crypto): string {
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  if (typeof crypto?.getRandomValues !== 'function') {
    throw new TypeError('Inlay: no Web Crypto to generate an idempotency key; pass one per call.');
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // Byte 6 carries the version (4), byte 8 the RFC 9562 variant (10xx).
  const hex = Array.from(bytes, (byte, index) => {
    const fixed = index === 6 ? (byte & 0x0f) | 0x40 : index === 8 ? (byte & 0x3f) | 0x80 : byte;
    return fixed.toString(16).padStart(2, '0');
  }).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
