// The service's success envelopes (src/wire/envelope.ts).
import type { ItemEnvelope, ListEnvelope } from '../../../wire/envelope.ts';

export function listEnvelope<T>(items: T[], offset: number, limit: number): ListEnvelope<T> {
  return { data: items.map((data) => ({ data })), pagination: { offset, limit } };
}

export function itemEnvelope<T>(data: T): ItemEnvelope<T> {
  return { data };
}
