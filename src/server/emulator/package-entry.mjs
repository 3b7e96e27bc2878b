// The package's main entry, for a plain Node project: `import { startEmulator } from 'croql-playground'`.
// The emulator is TypeScript; tsx (a dependency) loads it for this import only, so the importing project's
// own modules load as they did.
import { tsImport } from 'tsx/esm/api';

const entry = await tsImport('./start.ts', {
  parentURL: import.meta.url,
  tsconfig: false,
});

/** @type {typeof import('./start.ts').startEmulator} */
export const startEmulator = entry.startEmulator;
