// One GET to Crowdin's API for the proxy, its answer as bytes: over node:http(s) with keep-alive agents, so
// each forwarded read reuses a connection to the API and skips fetch's web streams (a strings page is
// hundreds of KB, and the proxy sends it on as it came: src/playground-app/server/proxy.ts passThrough).
import http from 'node:http';
import https from 'node:https';

export interface UpstreamAnswer {
  status: number;
  headers: (name: string) => string | null;
  bytes: Uint8Array<ArrayBuffer>;
}

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** The answer to GET `url`, or a rejection when no answer came (unreachable, timed out, redirected). */
export function getBytes(
  url: URL,
  headers: Record<string, string>,
  timeoutMs: number,
  fetchWith?: Fetch,
): Promise<UpstreamAnswer> {
  if (fetchWith) return viaFetch(url, headers, timeoutMs, fetchWith);
  const protocol = url.protocol === 'https:' ? 'https:' : url.protocol === 'http:' ? 'http:' : null;
  if (!protocol) return Promise.reject(new Error(`${url.protocol} is not HTTP`));
  const request = protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'GET', headers, agent: agents[protocol], timeout: timeoutMs },
      (res) => {
        const status = res.statusCode ?? 502;
        // As fetch with redirect: 'error': the API never redirects a read; following one would send the token on.
        if (status >= 300 && status < 400) {
          res.resume();
          reject(new Error(`the API answered a redirect (${status})`));
          return;
        }
        const chunks: Buffer<ArrayBuffer>[] = [];
        let length = 0;
        res.on('data', (chunk: Buffer<ArrayBuffer>) => {
          chunks.push(chunk);
          length += chunk.length;
        });
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status,
            headers: (name) => {
              const value = res.headers[name.toLowerCase()];
              return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
            },
            // One chunk is the body as it came; several are joined once, into a buffer of the known size.
            bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length),
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end();
  });
}

/** The same through an injected fetch (a test's, or a runtime's own). */
async function viaFetch(
  url: URL,
  headers: Record<string, string>,
  timeoutMs: number,
  fetchWith: Fetch,
): Promise<UpstreamAnswer> {
  const response = await fetchWith(url.toString(), {
    method: 'GET',
    headers,
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'error',
  });
  return {
    status: response.status,
    headers: (name) => response.headers.get(name),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}
