// The delivery log's own logic: the app's calls beside the delivery that caused them, and whose app a
// delivery was (named even after the app was uninstalled).
import type { AppApiCall } from '../wire/apps.ts';

/** The app's calls by the delivery that caused them; calls after no delivery under `null`. */
export function callsByDelivery(calls: readonly AppApiCall[]): Map<number | null, AppApiCall[]> {
  const map = new Map<number | null, AppApiCall[]>();
  // Oldest first under each delivery, as they happened.
  for (let i = calls.length - 1; i >= 0; i--) {
    const call = calls[i]!;
    const list = map.get(call.afterDelivery);
    if (list) list.push(call);
    else map.set(call.afterDelivery, [call]);
  }
  return map;
}

/**
 * An app's name: as installed now, else as the view last knew it (an uninstalled app's deliveries stay in
 * the log), else its id.
 */
export function appName(
  appId: string,
  installed: readonly { appId: string; name: string }[],
  known: Readonly<Record<string, string>>,
): string {
  return installed.find((a) => a.appId === appId)?.name ?? known[appId] ?? appId;
}
