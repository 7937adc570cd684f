import type { Reducer } from '@reduxjs/toolkit';

import type { ActionLogEntry } from '../../api/contract/action-log';
import { STORE_STARTED } from '../../api/contract/action-log-constants';
import type { LogChanges, LogStore } from './log-storage';

export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    if (c > 0x7f) n += c > 0x7ff && (c < 0xd800 || c > 0xdfff) ? 2 : 1;
  }
  return n;
}

/** Redacted JSON of a value (the recorder's redactor, once loaded). */
type Stringify = (v: unknown) => string;

/**
 * The recorded part of a log: the start state and the entries after it, each kept as its redacted JSON, bounded by
 * count and size. Eviction moves the start state forward (to a checkpoint, or through the reducer) so the log stays
 * replayable.
 */
export class RecordedEntries {
  // The start state is kept as its redacted JSON: it is only read whole (export, storage), and
  // swapping in a checkpoint's text instead of a parsed copy of the whole state left nothing for
  // the garbage collector to copy on the dispatch path.
  startJson: string | null = null;
  entries: string[] = [];
  seqs: number[] = [];
  sizes: number[] = [];
  bytes = 0;
  dropped = 0;
  /** What changed since the last write to storage (log-storage.ts writes only that). */
  changes: LogChanges = { fromSeq: Infinity, evicted: false };
  // A checkpoint holds the live state object only until the next background job, which keeps
  // its redacted JSON instead: ten whole states held as objects until eviction made every
  // garbage collection walk them (measured as +5 % on the dispatch path).
  checkpoints: Array<{ seq: number; state: unknown; json: string | null }> = [];

  constructor(
    private readonly reducer: Reducer,
    private readonly limits: { maxEntries: number; maxBytes: number },
  ) {}

  /**
   * A stored log not read yet: startup reads only the small meta record, the log itself (up to maxBytes of JSON) is
   * parsed by the first background job, after first paint. Set to null by a clear, so it never comes back.
   */
  unread: LogStore | null = null;

  /** Takes the stored log in, if not yet, ahead of the entries recorded since startup (their seq continue it). */
  restore(): void {
    const store = this.unread;
    if (!store) return;
    this.unread = null;
    const stored = store.readLog();
    if (!stored) return;
    this.dropped = stored.dropped;
    this.startJson = stored.startJson;
    this.entries = stored.entries.concat(this.entries);
    this.seqs = stored.seqs.concat(this.seqs);
    this.sizes = stored.entries.map(utf8Length).concat(this.sizes);
    this.bytes = this.sizes.reduce((a, b) => a + b, 0);
  }

  parseStart(): Record<string, unknown> {
    return this.startJson ? (JSON.parse(this.startJson) as Record<string, unknown>) : {};
  }

  private apply(state: Record<string, unknown>, json: string): Record<string, unknown> {
    const { action } = JSON.parse(json) as ActionLogEntry;
    if (action.type === STORE_STARTED)
      return (action as unknown as { payload: { state: Record<string, unknown> } }).payload.state;
    try {
      return this.reducer(state, action) as Record<string, unknown>;
    } catch {
      return state;
    }
  }

  append(json: string, at: number): void {
    const size = utf8Length(json);
    this.entries.push(json);
    this.seqs.push(at);
    this.sizes.push(size);
    this.bytes += size;
    if (at < this.changes.fromSeq) this.changes.fromSeq = at;
  }

  evict(stringify: Stringify): void {
    const { entries, sizes } = this;
    let n = 0;
    let freed = 0;
    while (
      entries.length - n > this.limits.maxEntries ||
      (this.bytes - freed > this.limits.maxBytes && entries.length - n > 1)
    ) {
      freed += sizes[n] ?? 0;
      n += 1;
    }
    if (n === 0) return;
    const seqAt = (i: number) => this.seqs[i] as number;
    const lastDropped = seqAt(n - 1);
    const checkpoint = this.checkpoints.find((c) => c.seq >= lastDropped && c.seq <= seqAt(entries.length - 1));
    if (checkpoint) {
      // Drop up to the checkpoint: a few more entries than needed, no reducer runs.
      while (n < entries.length && seqAt(n - 1) < checkpoint.seq) {
        freed += sizes[n] ?? 0;
        n += 1;
      }
      this.startJson = checkpoint.json ?? stringify(checkpoint.state);
      this.checkpoints = this.checkpoints.filter((c) => c.seq > checkpoint.seq);
    } else {
      let base = this.parseStart();
      for (let i = 0; i < n; i += 1) base = this.apply(base, entries[i] as string);
      this.startJson = stringify(base);
    }
    // In place: once the buffer is full this runs on every batch, and two fresh 5,000-slot
    // arrays each time were garbage collected during the next dispatches.
    entries.splice(0, n);
    this.seqs.splice(0, n);
    sizes.splice(0, n);
    this.bytes -= freed;
    this.dropped += n;
    this.changes.evicted = true;
  }

  /** Checkpoints taken since the last job keep their redacted JSON instead of the state object. */
  sealCheckpoints(stringify: Stringify): void {
    for (const c of this.checkpoints) {
      if (c.json !== null) continue;
      c.json = stringify(c.state);
      c.state = null;
    }
  }

  /** Writes what changed; over the storage quota, keeps the newer half and tries once more, rewriting everything. */
  persist(store: LogStore, head: { salt: string; seq: number }, stringify: Stringify): void {
    const log = () => ({
      ...head,
      dropped: this.dropped,
      startJson: this.startJson ?? '{}',
      entries: this.entries,
      seqs: this.seqs,
    });
    try {
      store.write(log(), this.changes);
    } catch {
      const keep = Math.max(1, Math.floor(this.entries.length / 2));
      const limitBefore = this.entries.length;
      let base = this.parseStart();
      while (this.entries.length > keep) {
        base = this.apply(base, this.entries[0] as string);
        this.entries.shift();
        this.seqs.shift();
        this.bytes -= this.sizes.shift() ?? 0;
      }
      this.dropped += limitBefore - this.entries.length;
      this.startJson = stringify(base);
      try {
        store.clear();
        store.write(log(), { fromSeq: -Infinity, evicted: true });
      } catch {
        // Storage unavailable: the log still lives in memory for this page.
      }
    }
    this.changes = { fromSeq: Infinity, evicted: false };
  }

  /** Empties the log; `startJson` is the state at the clear, when known. */
  reset(startJson: string | null): void {
    this.entries = [];
    this.seqs = [];
    this.sizes = [];
    this.checkpoints = [];
    this.changes = { fromSeq: Infinity, evicted: false };
    this.bytes = 0;
    this.dropped = 0;
    this.startJson = startJson;
  }
}
