// What the hosts' tests share (hosts.property.test.ts, host-python.test.ts).
import { hostEdit, type Region } from './region.ts';

/**
 * A random edit of `region` in `host`: [a, b) taken into the query's length, `typed` written there by
 * hostEdit. The host text after it, and the query it should now hold.
 */
export function randomEdit(host: string, region: Region, a: number, b: number, typed: string) {
  const n = region.text.length;
  const [from, to] = [a % (n + 1), b % (n + 1)].sort((x, y) => x - y) as [number, number];
  const edit = hostEdit(region, from, to, typed);
  return {
    edited: host.slice(0, edit.from) + edit.text + host.slice(edit.to),
    expected: region.text.slice(0, from) + typed + region.text.slice(to),
  };
}
