// The shared signature vectors (signature-vectors.json) with each header case's value filled in, for the
// tests of every implementation.
import vectors from './signature-vectors.json' with { type: 'json' };

export interface SigningVector {
  name: string;
  secret: string;
  body: string;
  signature: string;
}

export const SIGNING_VECTORS: readonly SigningVector[] = vectors.signing;

/** Header values for a vector's signature, each with whether the rule accepts it. */
export function headerCases(v: SigningVector): { name: string; header: string; valid: boolean }[] {
  const other = SIGNING_VECTORS.find((o) => o.signature !== v.signature)!.signature;
  return vectors.headers.map((h) => ({
    name: h.name,
    valid: h.valid,
    header: h.header
      .replace('{signature-1}', v.signature.slice(0, -1))
      .replace('{signature}', v.signature)
      .replace('{SIGNATURE}', v.signature.toUpperCase())
      .replace('{other}', other),
  }));
}
