// How long the emulator's own work keeps its event loop from turning (`/health?loop=reset`, test hooks; the
// bench reads it). A timer asks every millisecond; each tick's delay is how late it came, counted in the CPU
// time the process spent meanwhile, not the wall time: on a loaded machine the process also waits for a core,
// and that wait is the scheduler's, not a block of the loop. (CPU time of the collector's helper threads
// counts too, so the figure errs high.) The wall-time figures are given beside.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const INTERVAL_MS = 1;
/** Ticks kept per window: beyond, the window keeps every other one (the percentiles barely move). */
const MAX_TICKS = 200_000;

export interface LoopDelayFigures {
  /** Delay per tick in the process's CPU time, ms. */
  cpu: { p50: number; p99: number; max: number };
  /** Delay per tick in wall time, ms (Node's own histogram): includes waiting for a core. */
  wall: { p50: number; p99: number; max: number };
  ticks: number;
}

export class LoopDelay {
  private delays: number[] = [];
  private wall = monitorEventLoopDelay({ resolution: INTERVAL_MS });
  private timer: NodeJS.Timeout;
  private lastWall = performance.now();
  private lastCpu = cpuMs();

  constructor() {
    this.wall.enable();
    this.timer = setInterval(() => this.tick(), INTERVAL_MS);
    this.timer.unref();
  }

  private tick(): void {
    const wall = performance.now();
    const cpu = cpuMs();
    const late = Math.min(wall - this.lastWall, cpu - this.lastCpu) - INTERVAL_MS;
    this.lastWall = wall;
    this.lastCpu = cpu;
    this.delays.push(Math.max(0, late));
    if (this.delays.length > MAX_TICKS) this.delays = this.delays.filter((_, i) => i % 2 === 0);
  }

  /** The figures since the last reset; `reset` starts a new window after reading. */
  read(reset: boolean): LoopDelayFigures {
    const sorted = [...this.delays].sort((a, b) => a - b);
    const at = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
    const ms = (n: number) => Math.round(n * 100) / 100;
    const ns = (n: number) => ms(n / 1e6);
    const figures = {
      cpu: { p50: ms(at(50)), p99: ms(at(99)), max: ms(sorted.at(-1) ?? 0) },
      wall: { p50: ns(this.wall.percentile(50)), p99: ns(this.wall.percentile(99)), max: ns(this.wall.max) },
      ticks: sorted.length,
    };
    if (reset) {
      this.delays = [];
      this.wall.reset();
    }
    return figures;
  }

  close(): void {
    clearInterval(this.timer);
    this.wall.disable();
  }
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
