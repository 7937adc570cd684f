import { businessDayStart } from '../../../src/api/contract/dates';
import { checkContactBudget, contactBudget, PENDING_HOLD_MS, spendsContact } from '../contact-budget';

// 2026-06-01 10:00 in Beijing.
const now = new Date('2026-06-01T02:00:00Z');

describe('contact budget', () => {
  it('starts the business day at midnight Beijing time', () => {
    expect(businessDayStart(now).toISOString()).toBe('2026-05-31T16:00:00.000Z');
    expect(businessDayStart(new Date('2026-05-31T15:59:59Z')).toISOString()).toBe('2026-05-30T16:00:00.000Z');
  });
  it('allows one forward a day by default', () => {
    expect(checkContactBudget([], now)).toMatchObject({ allowed: true, state: { limit: 1, used: 0, remaining: 1 } });
  });
  it('refuses a second forward the same day, with a reason and the reset time', () => {
    const v = checkContactBudget([new Date('2026-05-31T16:30:00Z')], now);
    expect(v).toMatchObject({ allowed: false, reason: 'CONTACT_BUDGET_EXHAUSTED' });
    expect(v.state.resetsAt.toISOString()).toBe('2026-06-01T16:00:00.000Z');
  });
  it('does not count yesterday (Beijing) or forwards after the day', () => {
    const v = contactBudget([new Date('2026-05-31T15:59:59Z'), new Date('2026-06-01T16:00:00Z')], now);
    expect(v).toMatchObject({ used: 0, remaining: 1 });
  });
  it('honours a larger limit', () => {
    const sent = [new Date('2026-06-01T00:00:00Z'), new Date('2026-06-01T01:00:00Z')];
    expect(checkContactBudget(sent, now, 3)).toMatchObject({ allowed: true, state: { used: 2, remaining: 1 } });
    expect(checkContactBudget(sent, now, 2)).toMatchObject({ allowed: false });
  });
});

describe('a send spends the contact only once WeCom confirms it', () => {
  const sentAt = new Date('2026-06-01T01:00:00Z');
  it('a confirmed send spends it; a failed or cancelled one does not', () => {
    expect(spendsContact('sendChatMessage', sentAt, now)).toBe(true);
    expect(spendsContact('shareToExternalContact:fail', sentAt, now)).toBe(false);
  });
  it('an unconfirmed one holds it for 30 minutes, not a millisecond more', () => {
    expect(PENDING_HOLD_MS).toBe(30 * 60 * 1000);
    expect(spendsContact(null, sentAt, new Date(sentAt.getTime() + 30 * 60 * 1000 - 1))).toBe(true);
    expect(spendsContact(null, sentAt, new Date(sentAt.getTime() + 30 * 60 * 1000))).toBe(false);
  });
});
