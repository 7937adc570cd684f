import type { Redis } from 'ioredis';

/**
 * Nonces seen within the signature window. A nonce must be remembered for as long as a
 * request carrying it could still pass the time check (its timestamp + the window);
 * after that the time check refuses the replay by itself, so the entry can go.
 */
export interface NonceClaims {
  /** Records the nonce; false when it was already used and is still remembered. */
  claim(key: string, timestampSec: number, nowSec: number): Promise<boolean>;
}

/**
 * One process's memory (no REDIS_URL): a restart forgets them, which only reopens a window of
 * minutes, and a second server would not see them, which is why several servers need Redis.
 */
export class NonceStore implements NonceClaims {
  private readonly seen = new Map<string, number>();
  private nextSweepSec = 0;

  constructor(private readonly windowSeconds: number) {}

  async claim(key: string, timestampSec: number, nowSec: number): Promise<boolean> {
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

/**
 * Shared by every server on one Redis (REDIS_URL): SET NX is the claim, atomic across
 * processes, and the key expires when the timestamp check would refuse the replay anyway.
 */
export class RedisNonceStore implements NonceClaims {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly windowSeconds: number,
  ) {}

  async claim(key: string, timestampSec: number, nowSec: number): Promise<boolean> {
    const ttlSec = Math.max(1, timestampSec + this.windowSeconds - nowSec + 1);
    return (await this.redis.set(`${this.prefix}nonce:${key}`, '1', 'EX', ttlSec, 'NX')) === 'OK';
  }
}
