// Starts an emulator in-process on a free loopback port (tests and the bench).
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createEmulator, type Emulator } from './app.ts';
import type { EmulatorConfig } from './config.ts';
import { generateDemoDataset } from './data/demo.ts';
import type { Dataset } from './data/model.ts';

export interface RunningEmulator extends Emulator {
  url: string;
  close(): Promise<void>;
}

let demo: Dataset | null = null;

/** The 2,000-string demo data, generated once per process. */
export function demoData(): Dataset {
  return (demo ??= generateDemoDataset());
}

export async function startEmulator(options: Partial<EmulatorConfig> = {}): Promise<RunningEmulator> {
  const emulator = createEmulator({ data: demoData(), ...options });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: emulator.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    ...emulator,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
