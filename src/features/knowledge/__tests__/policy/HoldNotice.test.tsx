import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';

import { renderLeaveMessageForm } from './leave-message-form';

import type { HoldMark } from '@/api/contract/policy-holds';
import { createAppStore } from '@/app/store/configure-app-store';
import { AskBox } from '@/features/knowledge/components/AskBox';
import { questionAccepted, questionSubmitted } from '@/features/knowledge/store/knowledge-slice';
import { fakeServices } from '@/features/lives/__tests__/fixtures';
import {
  leaveMessageDraftChanged,
  leaveMessageSent,
  leaveMessageSubmitted,
} from '@/features/lives/store/live-room-slice';
import { HoldNotice } from '@/ui/HoldNotice';

const HELD: HoldMark = { status: 'held', label: '待合规审核', reason: '提问疑似含有保本承诺，将在合规审核后公开' };

describe('HoldNotice: the writer reads 待合规审核 or 未通过, with the reason', () => {
  test('held, rejected, and nothing for a published text', () => {
    const { rerender, container } = render(<HoldNotice hold={HELD} />);
    expect(screen.getByTestId('hold-notice')).toHaveTextContent(`待合规审核${HELD.reason}`);
    rerender(<HoldNotice hold={{ status: 'rejected', label: '未通过', reason: '含保本暗示' }} />);
    expect(screen.getByTestId('hold-notice')).toHaveAttribute('data-hold', 'rejected');
    expect(screen.getByTestId('hold-notice')).toHaveTextContent('未通过含保本暗示');
    rerender(<HoldNotice hold={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('after a held submit the composer says 待合规审核, not "sent"', () => {
  test('the question box', () => {
    const store = createAppStore({ services: fakeServices() });
    render(
      <Provider store={store}>
        <AskBox placeholder="向专家提问" />
      </Provider>,
    );
    act(() => {
      store.dispatch(questionSubmitted({ content: '这款产品宝本吧' }));
      store.dispatch(questionAccepted({ questionId: 9, hold: HELD }));
    });
    expect(screen.getByTestId('hold-notice')).toHaveTextContent('待合规审核');
    expect(screen.queryByText(/已提交/)).toBeNull();
    act(() => {
      store.dispatch(questionSubmitted({ content: '现在适合定投吗？' }));
      store.dispatch(questionAccepted({ questionId: 10, hold: null }));
    });
    expect(screen.queryByTestId('hold-notice')).toBeNull();
    expect(screen.getByText(/已提交/)).toBeInTheDocument();
  });

  test('the leave-message box', () => {
    const store = renderLeaveMessageForm();
    act(() => {
      store.dispatch(leaveMessageDraftChanged('这款产品宝本'));
      store.dispatch(leaveMessageSubmitted());
      store.dispatch(
        leaveMessageSent({ id: 5, num_index: 103, real_name: '', content: '这款产品宝本', created_at: 1, hold: HELD }),
      );
    });
    expect(screen.getByTestId('hold-notice')).toHaveTextContent('待合规审核');
    expect(screen.queryByText('留言已发送')).toBeNull();
  });
});
