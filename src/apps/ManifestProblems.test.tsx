// @vitest-environment happy-dom
// A refused manifest on screen (ui-walk D17): each problem names its place once, as a reader says it, and
// an OAuth app to register points at the form on this page, not at a command. The problems are the
// emulator's own, from its validator, so a change of its wording shows here.
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { validateManifest } from '../server/emulator/apps/manifest.ts';
import { unknownClient } from '../server/emulator/apps/manifest-problems.ts';
import { stepAppManifest } from '../server/emulator/apps/testing.ts';
import { ControlRequestError } from '../wire/apps-control.ts';
import { problemLine } from '../wire/manifest-words.ts';
import { Failure, ManifestProblems } from './parts.tsx';
import { renderWith, text } from './testing.tsx';

function problems(manifest: Record<string, unknown>) {
  const { report } = validateManifest(manifest);
  return [...report.errors, ...report.warnings];
}

function shown(list: ReturnType<typeof problems>) {
  const { container } = renderWith(<ManifestProblems problems={list} title="Problems in the manifest" />);
  return within(container as HTMLElement)
    .getAllByTestId('manifest-problem')
    .map((li) => text(li));
}

describe('manifest problems in the Apps view', () => {
  it('names each place once, dotted, and never the JSON pointer beside it', () => {
    const manifest = stepAppManifest('https://app.example.com', 'client-1') as Record<string, unknown>;
    const modules = manifest.modules as Record<string, Record<string, unknown>[]>;
    const step = modules['workflow-step-type']![0]! as { boundaries: { outputs: { title: string }[] } };
    step.boundaries.outputs[0]!.title = 'X';
    const lines = shown(problems({ ...manifest, colour: 'red' }));
    const title = lines.find((l) => l.includes('outputs[0].title'))!;
    expect(title).toBe(
      "error modules.workflow-step-type[0].boundaries.outputs[0].title must be 3–30 characters (the docs' workflow-step-type table). (schema/minLength)",
    );
    expect(lines.some((l) => l.startsWith('error colour is not a key the service knows'))).toBe(true);
    expect(lines.join('\n')).not.toContain('/modules/');
  });

  it('words the summary of a manifest-level problem mid-sentence in lowercase', () => {
    const [first] = problems({});
    expect(`The manifest has 1 error: ${problemLine(first!)}`).not.toMatch(/.\bThe manifest\b/);
    expect(problemLine({ pointer: '', message: 'is missing; the service requires it.' })).toBe(
      'the manifest is missing; the service requires it.',
    );
  });

  it('points at the Register form for a missing clientId, not at a command', () => {
    const manifest = stepAppManifest('https://app.example.com', 'client-1') as Record<string, unknown>;
    const auth = { ...(manifest.authentication as Record<string, unknown>) };
    delete auth.clientId;
    const list = problems({ ...manifest, authentication: auth });
    const line = shown(list).find((l) => l.includes('authentication.clientId'))!;
    expect(line).toContain('Register one under "OAuth apps" on this page');
    expect(line).not.toContain('npm run');
    // The terminal keeps the command.
    expect(list.find((p) => p.rule === 'client-id')!.message).toContain('npm run emulator -- apps client');
  });

  it('says so for an unknown clientId in the refused install, pointing at the form', () => {
    const { message, inView } = unknownClient('abc', 'Router', ['project']);
    const { container } = renderWith(
      <Failure
        error={new ControlRequestError(message, 422, 'unknownClient', [], null, null, null, inView)}
      />,
    );
    const alert = text(within(container as HTMLElement).getByRole('alert'));
    expect(alert).toContain('"abc" is not an OAuth app of this emulator');
    expect(alert).toContain('"OAuth apps" on this page');
    expect(alert).not.toContain('npm run');
  });
});
