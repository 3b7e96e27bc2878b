import { useMemo } from 'react';
import { paramsForText, type TemplateParam } from '../croql/index.ts';
import { useTemplateStore } from './store.ts';

/** The parameters of `text`, in order of use. */
export function useTemplateParams(text: string): TemplateParam[] {
  const known = useTemplateStore((s) => s.known);
  return useMemo(() => paramsForText(text, known), [text, known]);
}

/**
 * What the editor knows of parameters: those of `text` first, then the others declared in this tab, so
 * completion after `{{` offers them all. The same parameters give the same array, so typing does not
 * reconfigure (and re-lint) the editor.
 */
export function useEditorTemplateParams(text: string): TemplateParam[] {
  const known = useTemplateStore((s) => s.known);
  const key = useMemo(() => {
    const used = paramsForText(text, known);
    const names = new Set(used.map((p) => p.name));
    return JSON.stringify([...used, ...known.filter((p) => !names.has(p.name))]);
  }, [text, known]);
  return useMemo(() => JSON.parse(key) as TemplateParam[], [key]);
}
