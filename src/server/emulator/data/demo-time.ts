// What every builder of the demo dataset (./demo.ts) shares: its dates (whole hours, each text built once
// and shared), a seeded random generator per (seed, index, salt), and shared immutable objects.

export const DAY = 86_400_000;
export const START = Date.UTC(2024, 0, 1);
/** Dates stop here, so the data does not change with the day it is generated. */
export const LAST = Date.UTC(2025, 9, 31);

const HOUR = 3_600_000;
const dateTexts: string[] = [];
const FIRST_HOUR = Math.floor((START - 400 * 86_400_000) / HOUR);

/**
 * ISO 8601 with an explicit offset, as the service writes datetimes. Demo times are whole hours plus a
 * fixed minute offset, so the few thousand distinct texts are built once and shared by every object.
 */
export function isoDate(ms: number): string {
  return slotDate(hourSlot(ms));
}

/** The demo hour of a time: hours since FIRST_HOUR, times after LAST counting as LAST. */
export function hourSlot(ms: number): number {
  return Math.floor(Math.min(ms, LAST) / HOUR) - FIRST_HOUR;
}

export function slotDate(slot: number): string {
  let text = dateTexts[slot];
  if (text === undefined) {
    const hour = slot + FIRST_HOUR;
    text = new Date(hour * HOUR + ((hour * 7) % 60) * 60_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
    if (slot >= 0) dateTexts[slot] = text;
  }
  return text;
}

export function mix(seed: number, index: number, salt: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

export type Rand = () => number;
export const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
export const chance = (r: Rand, p: number) => r() < p;
export const EMPTY: readonly unknown[] = Object.freeze([]);

/** Builds each distinct value once: values are shared by every object that has them, and never changed. */
export class Interned<T> {
  private values = new Map<number, T>();
  /** `key` is a number that tells the values apart (no key text to build for each of millions of calls). */
  get(key: number, make: () => T): T {
    let value = this.values.get(key);
    if (value === undefined) this.values.set(key, (value = make()));
    return value;
  }
}

/** A copy without the spare capacity `push` leaves (up to 16 slots, 128 bytes, per array). */
export const exact = <T>(list: T[]): T[] => list.slice();
