// Preload for an app's Node process: `*.localhost` names resolve to 127.0.0.1, as RFC 6761 says they do
// (glibc without systemd-resolved answers ENOTFOUND), so the official framework's calls to
// `https://{domain}.localhost:PORT` reach the emulator. Use it with
//   NODE_OPTIONS="--import /path/to/localhost-dns.mjs"
// (README: "Develop a Crowdin app against the emulator"). Every other name resolves as before.
import dns from 'node:dns';
import process from 'node:process';

const LOCALHOST = /\.localhost\.?$/i;

function loopback(options) {
  const family = typeof options === 'number' ? options : (options && options.family) || 0;
  return family === 6 ? { address: '::1', family: 6 } : { address: '127.0.0.1', family: 4 };
}

const lookup = dns.lookup;
dns.lookup = function localhostLookup(hostname, options, callback) {
  if (typeof options === 'function') {
    callback = options;
    options = {};
  }
  if (typeof hostname !== 'string' || !LOCALHOST.test(hostname)) {
    return lookup.call(this, hostname, options, callback);
  }
  const address = loopback(options);
  process.nextTick(() =>
    options && options.all ? callback(null, [address]) : callback(null, address.address, address.family),
  );
  return {};
};

const promiseLookup = dns.promises.lookup;
dns.promises.lookup = function localhostPromiseLookup(hostname, options) {
  if (typeof hostname !== 'string' || !LOCALHOST.test(hostname))
    return promiseLookup.call(this, hostname, options);
  const address = loopback(options);
  return Promise.resolve(options && options.all ? [address] : address);
};
