// Whether a process still runs: the owner of a lock folder or of a test server's cluster.
/** Signal 0 checks without signalling; EPERM means it runs under another user. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
