// The parts of the app host (host.ts) that its concerns share: installing (installing.ts), the workflow
// steps and the strings sent to them (workflow.ts), and the events triggered by hand (triggers.ts). The host
// builds them once and hands each concern this view of them.
import type { EmulatorConfig } from '../config.ts';
import type { DemoUser } from '../data/model.ts';
import type { OAuthStore } from '../oauth/store.ts';
import type { Deliveries } from './deliveries.ts';
import type { EventWorld } from './events.ts';
import type { Installations } from './installations.ts';
import type { Edition } from './manifest.ts';
import type { AppCaller } from './outgoing.ts';
import type { StepStore } from './steps.ts';
import type { AppsStream } from './stream.ts';

export interface HostParts {
  readonly config: EmulatorConfig;
  readonly store: OAuthStore;
  readonly caller: AppCaller;
  readonly installations: Installations;
  readonly steps: StepStore;
  readonly deliveries: Deliveries;
  readonly stream: AppsStream;
  enterprise(): boolean;
  edition(): Edition;
  /** A demo user or an installed app's agent, by id. */
  users(id: number): DemoUser | undefined;
  /** What events are built from. */
  world(): EventWorld;
  /** An in-process request to the emulator itself (the listing a `croql` send runs). */
  request(path: string, init: RequestInit): Promise<Response>;
}
