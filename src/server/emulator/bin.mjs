#!/usr/bin/env node
// `croql-emulator`: `npm run emulator` for a project that installed this package. It takes the same
// options and commands (`--port 0`, `--state FILE`, `token`, `apps …`, `state …`); run it with --help.
import { register } from 'tsx/esm/api';

register({ tsconfig: false });
await import('./cli.ts');
