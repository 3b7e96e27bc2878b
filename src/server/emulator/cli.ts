import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 8787;
const app = new Hono();
app.get('/health', (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => {
  console.log(`Emulator listening on http://127.0.0.1:${port}`);
});
