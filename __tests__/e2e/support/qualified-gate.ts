import type { Page } from 'playwright-core';

/** The seed gates lives whose title names a private-fund topic (server/db/seed/live-room.ts). */
export const PRIVATE_FUND_TITLE = /私募|CTA|量化|家族/;
/** The seeded app customer assessed C5 and current (server/db/seed/marketing.ts QUALIFIABLE_APP_CUSTOMER). */
export const QUALIFIABLE_CUSTOMER = 'u14';

/**
 * Into a live room: a room without private funds opens at once; a private-fund room is passed the real
 * way, by declaring financial assets of 300 万元 (the rule's threshold). Only a signed-in customer whose
 * assessment covers the room's funds gets through (QUALIFIABLE_CUSTOMER); a guest is told to sign in.
 */
export async function enterRoom(page: Page): Promise<void> {
  const gate = page.locator('section.live-gate');
  const online = page.getByTestId('room-online');
  await Promise.race([gate.waitFor(), online.waitFor()]);
  if (await gate.isVisible()) {
    if (await page.getByTestId('auth-signin').isVisible()) {
      throw new Error(
        'private-fund room for a guest: sign in QUALIFIABLE_CUSTOMER or use a live without private funds',
      );
    }
    await page.getByTestId('auth-basis-assets').check();
    await page.getByTestId('auth-amount').fill('300');
    await page.getByTestId('auth-truthful').check();
    await page.getByTestId('auth-confirm').click();
  }
  await online.waitFor();
}
