// The stand-in as the panel's parent: answers the panel's `AP.editor` calls from the editor's state, gives
// it a fresh token when its own is about to expire, and tells it the context and the editor's events.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { BridgeTheme, EditorEvent } from '../wire/ap-bridge.ts';
import { editorCall, type EditorState, type EditorWorld } from './editor-state.ts';
import { panelMessage, tellPanel } from './panel-host.ts';

export interface PanelBridge {
  /** The panel loaded the bridge (it said `ready`). */
  ready: boolean;
  /** Fires an editor event in the panel (nothing before it is ready). */
  fire: (name: EditorEvent, data: unknown) => void;
  /** Says the context `AP.getContext` answers from now on. */
  giveContext: (context: Record<string, unknown>) => void;
}

export function usePanelBridge(options: {
  frame: RefObject<HTMLIFrameElement | null>;
  /** The panel page's origin, once it is open. */
  origin: string | null;
  state: EditorState;
  world: EditorWorld;
  theme: BridgeTheme;
  context: Record<string, unknown> | null;
  onState: (state: EditorState) => void;
  onNotice: (notice: string) => void;
  /** Opens the module again for a fresh JWT. */
  freshToken: () => Promise<string>;
  /** The panel called `AP.redirect(path, queryParams)`: Crowdin would leave the editor for that page. */
  onRedirect: (path: string, queryParams: Record<string, string>) => void;
}): PanelBridge {
  const { frame, origin } = options;
  // Ready is per opening: a panel opened again says `ready` again.
  const [readyAt, setReadyAt] = useState<string | null>(null);
  const ready = origin !== null && readyAt === origin;
  // The latest of everything a message is answered from, read when it arrives (not when subscribed).
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!origin) return;
    const listener = (event: MessageEvent) => {
      const message = panelMessage(event, frame.current?.contentWindow, origin);
      if (!message) return;
      const now = latest.current;
      const tell = (request: Parameters<typeof tellPanel>[2]) => tellPanel(frame.current, origin, request);
      if (message.type === 'ready') {
        setReadyAt(origin);
        tell({ type: 'theme', theme: now.theme });
        if (now.context) tell({ type: 'context', context: now.context });
      } else if (message.type === 'call') {
        const outcome = editorCall(now.state, message.method, message.args, now.world);
        if (outcome.state !== now.state) now.onState(outcome.state);
        if (outcome.notice) now.onNotice(outcome.notice);
        if (message.requestId)
          tell({ type: 'answer', requestId: message.requestId, value: outcome.answer ?? null });
      } else if (message.type === 'tokenRequest') {
        now.freshToken().then(
          (jwtToken) => tell({ type: 'token', requestId: message.requestId, jwtToken, problem: null }),
          (e: Error) =>
            tell({ type: 'token', requestId: message.requestId, jwtToken: null, problem: e.message }),
        );
      } else if (message.type === 'redirect') {
        now.onRedirect(message.path, message.queryParams);
      }
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [frame, origin]);

  useEffect(() => {
    if (ready) tellPanel(frame.current, origin, { type: 'theme', theme: options.theme });
  }, [frame, origin, ready, options.theme]);

  const fire = useCallback(
    (name: EditorEvent, data: unknown) => {
      if (ready) tellPanel(frame.current, origin, { type: 'event', name, data });
    },
    [frame, origin, ready],
  );
  const giveContext = useCallback(
    (context: Record<string, unknown>) => {
      if (ready) tellPanel(frame.current, origin, { type: 'context', context });
    },
    [frame, origin, ready],
  );
  return { ready, fire, giveContext };
}
