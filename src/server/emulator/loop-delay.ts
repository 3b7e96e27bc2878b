// How long the emulator's own work keeps its event loop from turning (`/health?loop=reset`, test hooks; the
// bench reads it). A timer asks every millisecond; each tick's delay is how late it came, counted in the CPU
// time the loop's thread spent meanwhile, not the wall time: on a loaded machine the thread also waits for a
// core, and that wait is the scheduler's, not a block of the loop. Only the main thread's time counts where
// it can be read (Node's threadCpuUsage, or Linux's /proc/thread-self/schedstat): the process's time also
// holds what runs beside the loop without holding it (the collector's and the compiler's helper threads), which made a 4 ms turn count as up to 40 (`processCpu`, kept for comparison).
// Linux updates a running thread's figure at each scheduler tick (4 ms at 250 Hz), so a single tick's value
// can be off by that much; a stretch of tens of milliseconds is not. The wall-time figures are given beside.
import { closeSync, openSync, readSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const INTERVAL_MS = 1;
/** Ticks kept per window: beyond, the window keeps every other one (the percentiles barely move). */
const MAX_TICKS = 200_000;

interface Percentiles {
  p50: number;
  p99: number;
  max: number;
}

export interface LoopDelayFigures {
  /** Delay per tick in the loop thread's CPU time, ms (the process's where `cpuOf` says so). */
  cpu: Percentiles;
  /** Whose CPU time `cpu` counts: the loop's thread, or the whole process where a thread's cannot be read. */
  cpuOf: 'thread' | 'process';
  /** Delay per tick in the whole process's CPU time, ms: every thread's. */
  processCpu: Percentiles;
  /** Delay per tick in wall time, ms (Node's own histogram): includes waiting for a core. */
  wall: Percentiles;
  ticks: number;
}

/** Milliseconds of CPU time of the thread that calls it first, or null where that cannot be read. */
function threadCpuClock(): { now: () => number; close: () => void } | null {
  const own = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage;
  if (typeof own === 'function') {
    return { now: () => usageMs(own.call(process)), close: () => {} };
  }
  let fd: number;
  try {
    // Opened by the loop's thread, the file stays that thread's; its first field is nanoseconds on a CPU.
    fd = openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return null;
  }
  const buffer = Buffer.alloc(128);
  const now = () => {
    const text = buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0));
    return Number(text.slice(0, text.indexOf(' '))) / 1e6;
  };
  if (!Number.isFinite(now())) {
    closeSync(fd);
    return null;
  }
  return { now, close: () => closeSync(fd) };
}

export class LoopDelay {
  private delays: number[] = [];
  private processDelays: number[] = [];
  private wall = monitorEventLoopDelay({ resolution: INTERVAL_MS });
  private timer: NodeJS.Timeout;
  private thread = threadCpuClock();
  private lastWall = performance.now();
  private lastProcess = processCpuMs();
  private lastThread = this.thread?.now() ?? 0;

  constructor() {
    this.wall.enable();
    this.timer = setInterval(() => this.tick(), INTERVAL_MS);
    this.timer.unref();
  }

  private tick(): void {
    const wall = performance.now();
    const processCpu = processCpuMs();
    const late = (cpu: number) => Math.max(0, Math.min(wall - this.lastWall, cpu) - INTERVAL_MS);
    const processLate = late(processCpu - this.lastProcess);
    this.processDelays.push(processLate);
    if (this.thread) {
      const thread = this.thread.now();
      this.delays.push(late(thread - this.lastThread));
      this.lastThread = thread;
    } else this.delays.push(processLate);
    this.lastWall = wall;
    this.lastProcess = processCpu;
    if (this.delays.length > MAX_TICKS) {
      this.delays = this.delays.filter((_, i) => i % 2 === 0);
      this.processDelays = this.processDelays.filter((_, i) => i % 2 === 0);
    }
  }

  /** The figures since the last reset; `reset` starts a new window after reading. */
  read(reset: boolean): LoopDelayFigures {
    const ns = (n: number) => ms(n / 1e6);
    const figures: LoopDelayFigures = {
      cpu: percentiles(this.delays),
      cpuOf: this.thread ? 'thread' : 'process',
      processCpu: percentiles(this.processDelays),
      wall: { p50: ns(this.wall.percentile(50)), p99: ns(this.wall.percentile(99)), max: ns(this.wall.max) },
      ticks: this.delays.length,
    };
    if (reset) {
      this.delays = [];
      this.processDelays = [];
      this.wall.reset();
    }
    return figures;
  }

  close(): void {
    clearInterval(this.timer);
    this.wall.disable();
    this.thread?.close();
  }
}

const ms = (n: number) => Math.round(n * 100) / 100;

function percentiles(delays: number[]): Percentiles {
  const sorted = [...delays].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { p50: ms(at(50)), p99: ms(at(99)), max: ms(sorted.at(-1) ?? 0) };
}

function usageMs({ user, system }: NodeJS.CpuUsage): number {
  return (user + system) / 1000;
}

function processCpuMs(): number {
  return usageMs(process.cpuUsage());
}
