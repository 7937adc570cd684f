import { render, screen } from '@testing-library/react';

import { FollowUp } from '../FollowUp';

import { followUpText } from '@/features/marketing/shared';

// 2026-11-26 10:00 in business time (UTC+8).
const NOW = Date.parse('2026-11-26T10:00:00+08:00');

describe('the follow-up date on the card', () => {
  it('reads from today, due on the day and after it, not the day before', () => {
    expect(followUpText('2026-11-25', NOW)).toEqual({ text: '已逾期：原定 11-25 跟进', due: true });
    expect(followUpText('2026-11-26', NOW)).toEqual({ text: '今天跟进', due: true });
    expect(followUpText('2026-11-27', NOW)).toEqual({ text: '明天跟进', due: false });
    expect(followUpText('2026-12-01', NOW)).toEqual({ text: '12-01 跟进', due: false });
  });

  it('counts the day in business time: 23:30 UTC is already the next day in Beijing', () => {
    const lateUtc = Date.parse('2026-11-26T23:30:00Z');
    expect(followUpText('2026-11-27', lateUtc).text).toBe('今天跟进');
  });

  it('shows on the card', () => {
    render(<FollowUp date="2026-11-26" now={NOW} />);
    expect(screen.getByText('今天跟进')).toHaveClass('mk-card__more--due');
  });
});
