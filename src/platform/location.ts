/** Leaving the app for another address the person asked for (an app or mini-program link): sagas call it, tests provide it. */
export function redirectTo(url: string): void {
  globalThis.location?.assign(url);
}

/**
 * Leaves for `url` in place of this page: a hop the person did not choose (an authorization round trip) must not
 * be a step that back walks into again.
 */
export function replaceWith(url: string): void {
  globalThis.location?.replace(url);
}

/** The full address of this page. */
export function currentUrl(): string {
  return globalThis.location?.href ?? 'http://localhost/';
}
