// What happens while apps are hosted, pushed to whoever listens: the control route `GET /__apps/stream`
// (the Apps view and `apps listen`).
import type { AppsStreamEvent } from '../../../wire/apps.ts';

export class AppsStream {
  private listeners = new Set<(event: AppsStreamEvent) => void>();

  emit(event: AppsStreamEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener that fails (a closed stream) must not stop the others or the emulator.
      }
    }
  }

  subscribe(listener: (event: AppsStreamEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }
}
