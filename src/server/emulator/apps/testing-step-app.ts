// The set-up most apps tests share, as Vitest hooks: an emulator with the step app installed (testing.ts,
// installStepApp), and its `review` step when the test needs one. Kept apart from testing.ts, which the bench
// imports too and must not pull Vitest in.
import { afterAll, beforeAll } from 'vitest';
import type { StepInfo } from '../../../wire/apps.ts';
import type { EmulatorOptions } from '../config.ts';
import { startEmulator, type RunningEmulator } from '../testing.ts';
import { addStep, installStepApp, type InstalledStepApp } from './testing.ts';

export interface StepAppFixture extends InstalledStepApp {
  em: RunningEmulator;
  /** The step added with `stepLanguages`; unset without them. */
  step: StepInfo;
}

/**
 * Starts an emulator and installs the step app before the tests of the file (or the describe block) it is
 * called in, adds its step for `stepLanguages` when given, and closes both after them. The fields are set
 * once the before hook ran: read them in tests and hooks, not while the file is collected.
 */
export function setUpStepApp(options: EmulatorOptions, stepLanguages?: string[]): StepAppFixture {
  const fixture: Partial<StepAppFixture> = {};
  beforeAll(async () => {
    const em = (fixture.em = await startEmulator(options));
    const installed = Object.assign(fixture, await installStepApp(em.url));
    if (stepLanguages) fixture.step = await addStep(em.url, installed.appId, stepLanguages);
  });
  afterAll(async () => {
    await fixture.em?.close();
    await fixture.app?.close();
  });
  return fixture as StepAppFixture;
}
