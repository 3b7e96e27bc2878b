// JSON as it arrives: what a body read from the wire (or from storage) may be before it is checked.

/** A JSON object (not null, not an array). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
