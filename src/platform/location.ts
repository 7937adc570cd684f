/** Leaving the app for another address (an authorization page): sagas call it, tests provide it. */
export function redirectTo(url: string): void {
  globalThis.location?.assign(url);
}

/** The full address of this page. */
export function currentUrl(): string {
  return globalThis.location?.href ?? 'http://localhost/';
}
