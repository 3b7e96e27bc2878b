// The settings page's bridge as the view speaks it: which window messages are the page's, whether the
// form differs from what was saved, and the frame's height from what the page reports.
import {
  readBridgeData,
  wrapBridge,
  type BridgeMessage,
  type BridgeRequest,
  type Unwrapped,
} from '../wire/ap-bridge.ts';

/** How long Save waits for the page's answer to "validate" before saying the bridge is missing. */
export const VALIDATE_TIMEOUT_MS = 5000;

/** The frame's height before the page reports its own, and the bounds of what it may ask for. */
export const FRAME_HEIGHT = { initial: 480, min: 160, max: 4000 } as const;

/** A bridge message from `frame` on `origin`, or null for anything else that arrives. */
export function bridgeMessage(
  event: Pick<MessageEvent, 'data' | 'origin' | 'source'>,
  frame: Window | null,
  origin: string,
): BridgeMessage | null {
  if (!frame || event.source !== frame || event.origin !== origin) return null;
  return readBridgeData<BridgeMessage>(event.data);
}

/** Whether the form holds other settings than the step's saved ones (JSON compared). */
export function unsaved(data: unknown, saved: unknown): boolean {
  return data !== undefined && JSON.stringify(data) !== JSON.stringify(saved);
}

/** The frame's height for the page's reported content height: all of it, within bounds. */
export function frameHeight(reported: number | null): number {
  if (reported === null || !Number.isFinite(reported)) return FRAME_HEIGHT.initial;
  return Math.min(FRAME_HEIGHT.max, Math.max(FRAME_HEIGHT.min, Math.ceil(reported)));
}

/** Posts a request to the page's bridge (nothing while the frame or its origin is not there). */
export function tellPage(
  frame: HTMLIFrameElement | null,
  origin: string | null,
  request: Unwrapped<BridgeRequest>,
): void {
  const target = frame?.contentWindow;
  if (!target || !origin) return;
  target.postMessage(wrapBridge<BridgeRequest>(request), origin);
}
