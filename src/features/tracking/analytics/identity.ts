import { ANALYTICS } from '../../../api/contract/tracking-wire';

export interface CookieJar {
  get(name: string): string | null;
  set(name: string, value: string, expires: Date): void;
}

export const IDENTITY_COOKIE = 'sensorsdata2015jssdkcross';
const DAY_MS = 86_400_000;

export interface IdentityFile {
  anonymousId: string;
  loginId?: string;
  /** End of the local day of the first visit (ms): the new-user flag holds until then. */
  firstDayEnd: number;
}

/** Midnight after `nowMs`, in the phone's time zone. */
export function endOfDay(nowMs: number): number {
  const d = new Date(nowMs);
  d.setHours(24, 0, 0, 0);
  return d.getTime();
}

/** Anonymous id in a cookie of 73000 days (spec §9); login id beside it; logout drops it. */
export class Identity {
  private file: IdentityFile;
  constructor(
    private readonly jar: CookieJar,
    private readonly now: () => number,
    newId: () => string,
  ) {
    const stored = this.read();
    this.file = stored ?? { anonymousId: newId(), firstDayEnd: endOfDay(now()) };
    if (!stored) this.save();
  }

  private read(): IdentityFile | null {
    try {
      const v = JSON.parse(decodeURIComponent(this.jar.get(IDENTITY_COOKIE) ?? '')) as Partial<IdentityFile>;
      if (typeof v.anonymousId !== 'string' || v.anonymousId === '' || typeof v.firstDayEnd !== 'number') return null;
      return {
        anonymousId: v.anonymousId,
        firstDayEnd: v.firstDayEnd,
        ...(typeof v.loginId === 'string' ? { loginId: v.loginId } : {}),
      };
    } catch {
      return null;
    }
  }

  private save(): void {
    this.jar.set(
      IDENTITY_COOKIE,
      encodeURIComponent(JSON.stringify(this.file)),
      new Date(this.now() + ANALYTICS.cookieDays * DAY_MS),
    );
  }

  get anonymousId(): string {
    return this.file.anonymousId;
  }
  get loginId(): string | undefined {
    return this.file.loginId;
  }
  get distinctId(): string {
    return this.file.loginId ?? this.file.anonymousId;
  }
  isFirstDay(): boolean {
    return this.now() < this.file.firstDayEnd;
  }

  /** True when the login id changed (the SDK sends the sign-up link only then). */
  login(id: string): boolean {
    if (this.file.loginId === id) return false;
    this.file = { ...this.file, loginId: id };
    this.save();
    return true;
  }

  logout(): void {
    const { loginId: _dropped, ...rest } = this.file;
    this.file = rest;
    this.save();
  }

  identities(): Record<string, string> {
    // As sa-sdk-javascript 1.27 sends them (the contract test compares).
    const id = this.file.anonymousId;
    return {
      $identity_cookie_id: id,
      $identity_anonymous_id: id,
      ...(this.file.loginId ? { $identity_login_id: this.file.loginId } : {}),
    };
  }
}

/** document.cookie as a jar (path /, the whole site shares one visitor). */
export function documentCookieJar(doc: Document): CookieJar {
  return {
    get(name) {
      const hit = doc.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
      return hit ? hit.slice(name.length + 1) : null;
    },
    set(name, value, expires) {
      doc.cookie = `${name}=${value}; expires=${expires.toUTCString()}; path=/; SameSite=Lax`;
    },
  };
}
