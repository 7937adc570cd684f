/**
 * Where the recorder keeps its log between page loads (session storage), written a piece at a
 * time. Writing the whole log (up to 1.5 MB of JSON for an adviser's day) every second of
 * activity was a long task on a phone; now a write touches the small meta record, the chunks
 * that gained entries, and the start state and first chunk only after an eviction.
 *
 *   {key}:meta      { salt, seq, dropped, chunks }  read at startup (small)
 *   {key}:start     the start state (redacted JSON)
 *   {key}:c:{n}     entries with seq in [n·100, n·100+100), as a JSON array
 *   {key}           the whole log in one record, as builds before this one wrote it (read only)
 */

export interface LogStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface StoredMeta {
  salt: string;
  /** The next entry's sequence number. */
  seq: number;
}

export interface StoredLog extends StoredMeta {
  dropped: number;
  /** The start state, as redacted JSON (kept as text: see the recorder's startJson). */
  startJson: string;
  /** Each entry as JSON, in order, with its sequence number beside it. */
  entries: string[];
  seqs: number[];
}

/** What changed since the last write. */
export interface LogChanges {
  /** The smallest seq appended since (Infinity: none). */
  fromSeq: number;
  /** Entries were evicted: the start state and the first chunk are rewritten. */
  evicted: boolean;
}

export const CHUNK_ENTRIES = 100;
const chunkOf = (seq: number) => Math.floor(seq / CHUNK_ENTRIES);

interface MetaRecord extends StoredMeta {
  dropped?: number;
  chunks?: number[];
}

export class LogStore {
  /** Chunk ids in storage now. */
  private written = new Set<number>();

  constructor(
    private readonly storage: LogStorage | null,
    private readonly key: string,
  ) {}

  private metaRecord(): MetaRecord | null {
    const m = this.parse(`${this.key}:meta`) as Partial<MetaRecord> | null;
    return m && typeof m.salt === 'string' && typeof m.seq === 'number' ? (m as MetaRecord) : null;
  }

  /** Cheap: what a page load needs before its first action (the salt, where seq continues). */
  readMeta(): StoredMeta | null {
    const meta = this.metaRecord();
    if (meta) return { salt: meta.salt, seq: meta.seq };
    const legacy = this.readLegacy();
    return legacy ? { salt: legacy.salt, seq: legacy.seq } : null;
  }

  /** The whole stored log, or null. */
  readLog(): StoredLog | null {
    const meta = this.metaRecord();
    if (!meta || !Array.isArray(meta.chunks)) return this.readLegacy();
    const entries: string[] = [];
    const seqs: number[] = [];
    for (const id of meta.chunks) {
      const chunk = this.parse(`${this.key}:c:${id}`);
      if (!Array.isArray(chunk)) continue;
      this.written.add(id);
      for (const e of chunk as Array<{ seq?: unknown }>) {
        if (typeof e?.seq !== 'number') continue;
        entries.push(JSON.stringify(e));
        seqs.push(e.seq);
      }
    }
    const start = this.storage?.getItem(`${this.key}:start`) ?? null;
    return {
      salt: meta.salt,
      seq: meta.seq,
      dropped: meta.dropped ?? 0,
      startJson: start && isRecord(safeParse(start)) ? start : '{}',
      entries,
      seqs,
    };
  }

  /** Writes what changed; throws when storage refuses (over quota), having written nothing partial that misleads. */
  write(log: StoredLog, changes: LogChanges): void {
    const storage = this.storage;
    if (!storage) return;
    const chunks = new Map<number, string[]>();
    for (let i = 0; i < log.entries.length; i += 1) {
      const id = chunkOf(log.seqs[i] as number);
      let list = chunks.get(id);
      if (!list) chunks.set(id, (list = []));
      list.push(log.entries[i] as string);
    }
    const first = chunkOf(log.seqs[0] ?? 0);
    const since = changes.fromSeq === Infinity ? Infinity : chunkOf(changes.fromSeq);
    for (const [id, list] of chunks) {
      if (id >= since || !this.written.has(id) || (changes.evicted && id === first))
        storage.setItem(`${this.key}:c:${id}`, `[${list.join(',')}]`);
    }
    if (changes.evicted || !this.written.size) storage.setItem(`${this.key}:start`, log.startJson);
    for (const id of this.written) if (!chunks.has(id)) storage.removeItem(`${this.key}:c:${id}`);
    this.written = new Set(chunks.keys());
    const meta: MetaRecord = { salt: log.salt, seq: log.seq, dropped: log.dropped, chunks: [...chunks.keys()] };
    // The meta record last: it names only chunks that are written.
    storage.setItem(`${this.key}:meta`, JSON.stringify(meta));
    storage.removeItem(this.key);
  }

  clear(): void {
    const storage = this.storage;
    if (!storage) return;
    const meta = this.metaRecord();
    for (const id of new Set([...this.written, ...(meta?.chunks ?? [])])) storage.removeItem(`${this.key}:c:${id}`);
    this.written.clear();
    for (const k of [`${this.key}:meta`, `${this.key}:start`, this.key]) storage.removeItem(k);
  }

  private parse(key: string): unknown {
    try {
      const raw = this.storage?.getItem(key);
      return raw ? (JSON.parse(raw) as unknown) : null;
    } catch {
      return null;
    }
  }

  /** The single-record log of earlier builds (entries as objects, or as strings before that). */
  private readLegacy(): StoredLog | null {
    const p = this.parse(this.key) as {
      salt?: unknown;
      seq?: unknown;
      dropped?: unknown;
      startState?: unknown;
      entries?: unknown;
    } | null;
    if (!p || typeof p.salt !== 'string' || typeof p.seq !== 'number' || !Array.isArray(p.entries)) return null;
    const entries = p.entries.map((e: unknown) => (typeof e === 'string' ? e : JSON.stringify(e)));
    const seqs = entries.map((e) => Number(/^\{"seq":(\d+)/.exec(e)?.[1] ?? -1));
    return {
      salt: p.salt,
      seq: p.seq,
      dropped: typeof p.dropped === 'number' ? p.dropped : 0,
      startJson: isRecord(p.startState) ? JSON.stringify(p.startState) : '{}',
      entries,
      seqs,
    };
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
