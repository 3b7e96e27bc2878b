import { createContext, useContext } from 'react';
import type { ListingName, Edition, LiveValues } from '../croql/index.ts';
import type { GroupNode, NodeId } from './model.ts';

/** Which control gets focus after an edit: the row of node `id`, the control marked `data-focus={key}`. */
export interface FocusRequest {
  id: NodeId;
  key: string;
}

export interface BuilderApi {
  root: GroupNode;
  context: ListingName;
  values: LiveValues;
  edition: Edition;
  scopes: string[];
  /**
   * Applies an edit to the current tree and writes the text (only when the text changes); when the tree
   * changed, moves focus as asked and announces `message` to screen readers.
   */
  commit: (edit: (root: GroupNode) => GroupNode, focusAfter?: FocusRequest, message?: string) => void;
}

export const BuilderContext = createContext<BuilderApi | null>(null);

export function useBuilder(): BuilderApi {
  const api = useContext(BuilderContext);
  if (!api) throw new Error('useBuilder outside <Builder>');
  return api;
}
