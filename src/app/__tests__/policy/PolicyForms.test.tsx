import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';

import { policyMessage } from '@/api/contract/content-policy';
import { createAppStore } from '@/app/store/configure-app-store';
import { AskBox } from '@/features/knowledge/components/AskBox';
import { questionRefused } from '@/features/knowledge/store/knowledge-slice';
import { detail103, fakeServices } from '@/features/lives/__tests__/fixtures';
import { LeaveMessageForm } from '@/features/lives/components/room/LeaveMessageForm';
import { leaveMessageDraftChanged, liveDetailLoaded, liveScreenOpened } from '@/features/lives/store/live-room-slice';
import { policyAdvice, PolicyHint } from '@/ui/PolicyHint';

const ID = '11010519491231002X';

describe('policyAdvice: the reason the server would give, before sending', () => {
  test("a disguised promise is refused in the server's words", () => {
    expect(policyAdvice('保\u200b本，稳\u200d赚', 'question', true)).toEqual({
      refusal: '提问含有保本保收益类承诺用语「保本」，请修改后再提交',
      notice: null,
    });
    expect(policyAdvice('穩賺', 'leave_message').refusal).toBe(
      policyMessage({ rule: 'promise_return', word: '稳赚' }, 'leave_message'),
    );
  });

  test('a personal number: refused in a question, only noted in a leave-message (it will be hidden)', () => {
    expect(policyAdvice(`身份证${ID}`, 'question').refusal).toBe('请勿在提问中填写身份证号，请删除后再提交');
    expect(policyAdvice(`请回电13800138000，身份证${ID}`, 'leave_message')).toEqual({
      refusal: null,
      notice: '为保护您的隐私，发送时将隐去手机号、身份证号',
    });
  });

  test('clean text and disclosures say nothing', () => {
    expect(policyAdvice('本产品不保本，基金有风险，投资需谨慎', 'question', true)).toEqual({
      refusal: null,
      notice: null,
    });
    expect(policyAdvice('   ', 'question')).toEqual({ refusal: null, notice: null });
  });
});

describe('PolicyHint', () => {
  const cls = { error: 'e', note: 'n' };
  test("the local refusal first, else the server's, else the note, else nothing", () => {
    const { rerender, container } = render(
      <PolicyHint advice={{ refusal: '本地', notice: null }} serverError="服务器" className={cls} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('本地');
    rerender(<PolicyHint advice={{ refusal: null, notice: '提示' }} serverError="服务器" className={cls} />);
    expect(screen.getByRole('alert')).toHaveTextContent('服务器');
    rerender(<PolicyHint advice={{ refusal: null, notice: '提示' }} className={cls} />);
    expect(screen.getByRole('status')).toHaveTextContent('提示');
    rerender(<PolicyHint advice={{ refusal: null, notice: null }} serverError={null} className={cls} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('the question box', () => {
  function renderAsk() {
    const store = createAppStore({ services: fakeServices() });
    render(
      <Provider store={store}>
        <AskBox placeholder="向专家提问" />
      </Provider>,
    );
    return store;
  }

  test('shows the reason inline and keeps 提交 disabled until the promise is gone', async () => {
    renderAsk();
    const box = screen.getByRole('textbox', { name: '向专家提问' });
    await userEvent.type(box, '零風險的基金推荐一下');
    expect(screen.getByRole('alert')).toHaveTextContent('提问含有保本保收益类承诺用语「零风险」，请修改后再提交');
    expect(screen.getByRole('button', { name: '提交' })).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, '低风险的基金推荐一下');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: '提交' })).toBeEnabled();
  });

  test("the server's refusal (the same words, from the same rule data) is shown in the same place", () => {
    const store = renderAsk();
    act(() => {
      store.dispatch(questionRefused({ message: policyMessage({ rule: 'id_number', tail: '002X' }, 'question') }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('请勿在提问中填写身份证号，请删除后再提交');
  });
});

describe('the leave-message box', () => {
  function renderLeave(draft: string) {
    const store = createAppStore({ services: fakeServices() });
    store.dispatch(liveScreenOpened({ liveId: 103, screen: 'messages' }));
    store.dispatch(liveDetailLoaded({ detail: detail103, auth: null }));
    store.dispatch(leaveMessageDraftChanged(draft));
    render(
      <Provider store={store}>
        <LeaveMessageForm />
      </Provider>,
    );
  }

  test('a promise: the reason and no sending', () => {
    renderLeave('这只基金稳 赚吗');
    expect(screen.getByRole('alert')).toHaveTextContent('留言含有保本保收益类承诺用语「稳赚」，请修改后再提交');
    expect(screen.getByTestId('leave-submit')).toBeDisabled();
  });

  test('a phone number: sending stays open, with the note that it will be hidden', () => {
    renderLeave('请回电 138 0013 8000');
    expect(screen.getByTestId('policy-notice')).toHaveTextContent('为保护您的隐私，发送时将隐去手机号');
    expect(screen.getByTestId('leave-submit')).toBeEnabled();
  });
});
