import { ANALYTICS } from '../../../api/contract/tracking-wire';
import type { WireEvent } from './types';

/** A string store (localStorage in the page, a Map in tests). */
export interface KeyValue {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

export const BATCH_KEY = 'sensorsdata_batch';

/** One event's identity in the batch: track id and time (the SDK's own pair). */
export const eventKey = (e: Pick<WireEvent, '_track_id' | 'time'>): string => `${e._track_id}:${e.time}`;

interface BatchFile {
  items: WireEvent[];
  dropped: number;
}

/**
 * The batch kept across reloads (docs/rules/constants.md#analytics: 200 items). Nothing under the cap is lost;
 * beyond it the oldest go and the drop is counted.
 */
export class BatchStore {
  constructor(
    private readonly kv: KeyValue,
    private readonly cap: number = ANALYTICS.batchCap,
    /** One list per project, so an event is flushed to the project it was recorded under. */
    private readonly key: string = BATCH_KEY,
  ) {}

  private read(): BatchFile {
    try {
      const v = JSON.parse(this.kv.get(this.key) ?? '') as Partial<BatchFile>;
      return { items: Array.isArray(v.items) ? v.items : [], dropped: Number(v.dropped) || 0 };
    } catch {
      return { items: [], dropped: 0 };
    }
  }

  private write(file: BatchFile): void {
    this.kv.set(this.key, JSON.stringify(file));
  }

  add(event: WireEvent): void {
    const file = this.read();
    file.items.push(event);
    const over = file.items.length - this.cap;
    if (over > 0) {
      file.items.splice(0, over);
      file.dropped += over;
    }
    this.write(file);
  }

  peek(max: number): WireEvent[] {
    return this.read().items.slice(0, max);
  }

  /** Removes sent events by track id (others may have been added meanwhile). */
  remove(sent: WireEvent[]): void {
    const ids = new Set(sent.map(eventKey));
    const file = this.read();
    file.items = file.items.filter((e) => !ids.has(eventKey(e)));
    this.write(file);
  }

  /** Puts events taken out too early back at the front, in their order (none twice). */
  restore(events: WireEvent[]): void {
    const file = this.read();
    const present = new Set(file.items.map(eventKey));
    file.items = [...events.filter((e) => !present.has(eventKey(e))), ...file.items];
    const over = file.items.length - this.cap;
    if (over > 0) {
      file.items.splice(0, over);
      file.dropped += over;
    }
    this.write(file);
  }

  size(): number {
    return this.read().items.length;
  }

  dropped(): number {
    return this.read().dropped;
  }
}
