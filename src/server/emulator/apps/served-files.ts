// The "public URLs" the service gives apps for big payloads (`file.contentUrl`, `stringsUrl`): the emulator
// serves what it sends that way at `GET /apps/files/{token}`, a random token per file, for a while.
import { randomBytes } from 'node:crypto';

/** How long a served file stays (the service's signed URLs also expire; the call itself waits 2 minutes). */
const TTL_MS = 15 * 60 * 1000;
/** Bytes kept at most; the oldest files go first. */
const MAX_BYTES = 64 * 1024 * 1024;

export const SERVED_FILES_PATH = '/apps/files/';

interface Served {
  body: Buffer;
  contentType: string;
  expires: number;
}

export class ServedFiles {
  private files = new Map<string, Served>();
  private bytes = 0;

  constructor(private clock: () => number) {}

  /** Serves `body` under `origin`; returns its URL. */
  put(origin: string, body: Buffer, contentType: string): string {
    this.prune();
    const token = randomBytes(18).toString('base64url');
    this.files.set(token, { body, contentType, expires: this.clock() + TTL_MS });
    this.bytes += body.length;
    while (this.bytes > MAX_BYTES && this.files.size > 1) this.drop(this.files.keys().next().value!);
    return `${origin}${SERVED_FILES_PATH}${token}`;
  }

  get(token: string): Served | undefined {
    this.prune();
    return this.files.get(token);
  }

  private drop(token: string): void {
    const file = this.files.get(token);
    if (!file) return;
    this.files.delete(token);
    this.bytes -= file.body.length;
  }

  private prune(): void {
    const now = this.clock();
    for (const [token, file] of this.files) if (file.expires <= now) this.drop(token);
  }
}
