// The service's success envelopes.
export function listEnvelope(items: unknown[], offset: number, limit: number) {
  return { data: items.map((data) => ({ data })), pagination: { offset, limit } };
}

export function itemEnvelope(data: unknown) {
  return { data };
}
