import { signAndSend } from './apps.bench.ts';
const r = await signAndSend();
console.log(JSON.stringify(r), 'ratio', (r.delivery / r.unsignedDelivery).toFixed(3));
process.exit(0);
