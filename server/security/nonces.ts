/**
 * Nonces seen within the signature window. A nonce must be remembered for as long as a
 * request carrying it could still pass the time check (its timestamp + the window);
 * after that the time check refuses the replay by itself, so the entry can go.
 * Kept in memory: a restart forgets them, which only reopens a window of minutes.
 */
export class NonceStore {
  private readonly seen = new Map<string, number>();
  private nextSweepSec = 0;

  constructor(private readonly windowSeconds: number) {}

  /** Records the nonce; false when it was already used and is still remembered. */
  claim(key: string, timestampSec: number, nowSec: number): boolean {
    this.sweep(nowSec);
    const until = this.seen.get(key);
    if (until !== undefined && until >= nowSec) return false;
    this.seen.set(key, timestampSec + this.windowSeconds);
    return true;
  }

  get size(): number {
    return this.seen.size;
  }

  // A full pass at most every 10 s keeps the per-request cost flat.
  private sweep(nowSec: number): void {
    if (nowSec < this.nextSweepSec) return;
    this.nextSweepSec = nowSec + 10;
    for (const [key, until] of this.seen) if (until < nowSec) this.seen.delete(key);
  }
}
