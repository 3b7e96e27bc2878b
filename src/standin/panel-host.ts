// The stand-in's side of the bridge: which window messages are the panel's, and posting to it. The
// protocol: src/wire/ap-bridge.ts.
import type { Row } from '../rows/rows.ts';
import {
  readBridgeData,
  wrapBridge,
  type BridgeMessage,
  type BridgeRequest,
  type StringData,
  type Unwrapped,
} from '../wire/ap-bridge.ts';
import type { SourceStringResource } from '../wire/resources.ts';

/** A bridge message from `frame` on `origin`, or null for anything else that arrives. */
export function panelMessage(
  event: Pick<MessageEvent, 'data' | 'origin' | 'source'>,
  frame: Window | null | undefined,
  origin: string | null,
): BridgeMessage | null {
  if (!frame || !origin || event.source !== frame || event.origin !== origin) return null;
  return readBridgeData<BridgeMessage>(event.data);
}

/** Posts to the panel's bridge (nothing while the frame is not there). */
export function tellPanel(
  frame: HTMLIFrameElement | null,
  origin: string | null,
  request: Unwrapped<BridgeRequest>,
): void {
  const target = frame?.contentWindow;
  if (!target || !origin) return;
  target.postMessage(wrapBridge<BridgeRequest>(request), origin);
}

/** A source string as `getString` and `string.change` give it (apps-js.mdx, StringDataObject). */
export function stringData(
  row: Row | undefined,
  fileName: (id: number) => string | undefined,
): StringData | null {
  if (!row) return null;
  const s = row as SourceStringResource;
  const text = typeof s.text === 'string' ? s.text : s.text ? (Object.values(s.text)[0] ?? '') : '';
  return {
    id: s.id,
    identifier: s.identifier ?? '',
    text,
    context: s.context || null,
    max_length: s.maxLength ?? 0,
    file: s.fileId !== undefined ? { id: s.fileId, name: fileName(s.fileId) ?? `file ${s.fileId}` } : null,
  };
}
