import { act, screen } from '@testing-library/react';

import { renderLeaveMessageForm } from './leave-message-form';

import { leaveMessageDraftChanged } from '@/features/lives/store/live-room-slice';

/**
 * The pinyin reader's dictionary (pinyin-pro, about 300 KB of script) is loaded with the first character typed into a
 * checked box, never with the page that shows the box: the invitation's landing page and a live's page carry one.
 */
let mockReaderLoads = 0;
jest.mock('@/lib/content-policy/pinyin-reader', () => {
  mockReaderLoads += 1;
  return jest.requireActual<object>('@/lib/content-policy/pinyin-reader');
});

describe('the pinyin reader on demand', () => {
  test('nothing typed, nothing loaded; the first words load it and a homophone is then noted', async () => {
    const store = renderLeaveMessageForm();
    expect(screen.getByTestId('leave-submit')).toBeInTheDocument();
    expect(mockReaderLoads).toBe(0);
    act(() => {
      store.dispatch(leaveMessageDraftChanged('这只基金wen zhuan'));
    });
    expect(await screen.findByTestId('policy-notice')).toHaveTextContent('「wenzhuan」疑似保收益类承诺用语');
    expect(mockReaderLoads).toBe(1);
    expect(screen.getByTestId('leave-submit')).toBeEnabled();
  });
});
