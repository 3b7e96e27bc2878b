// axe-core run inside one frame, cross-origin frames included: the pages apps put in the Apps view (the
// router's settings page, the playground app's modules and panel) live on other origins than the page that
// frames them. @axe-core/playwright injects axe into each child frame with a 1 s race and, when a frame
// loses it (a busy machine took 1.3 s for the router's page), leaves that frame out without a word, so
// its scans reported no violations while never looking inside. Here axe's source goes in with no time
// limit, and the answer names the headings axe checked, so a test can assert it scanned the page it meant.
import type { Frame, Locator } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The axe-core @axe-core/playwright depends on, so frame scans and page scans apply the same rules. */
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const axeSource = readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8');

export interface FrameScan {
  /** `rule (impact): the nodes' selectors`, one per violated rule. */
  violations: string[];
  /** The text of every heading axe checked (its `empty-heading` rule visits each): what was scanned. */
  headings: string[];
  /** The scanned document's address. */
  url: string;
}

/** The frame an `<iframe>` shows (its current document, whatever its origin). */
export async function frameOf(iframe: Locator): Promise<Frame> {
  const frame = await (await iframe.elementHandle())?.contentFrame();
  if (!frame) throw new Error('the iframe shows no frame (not attached, or not an iframe)');
  return frame;
}

/** axe-core's full run over `frame`'s document, in that frame. */
export async function axeInFrame(frame: Frame): Promise<FrameScan> {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource);
  return frame.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<AxeResults> } }).axe;
    const results = await axe.run(document);
    const headingNodes = [...results.passes, ...results.violations, ...results.incomplete]
      .filter((r) => r.id === 'empty-heading')
      .flatMap((r) => r.nodes);
    return {
      violations: results.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
      ),
      headings: headingNodes.map(
        (n) => document.querySelector(String(n.target[0]))?.textContent?.trim() ?? '',
      ),
      url: location.href,
    };
  });
}
