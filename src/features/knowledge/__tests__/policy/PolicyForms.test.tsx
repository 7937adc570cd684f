import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';

import { renderLeaveMessageForm } from './leave-message-form';

import { policyMessage } from '@/api/contract/content-policy';
import { createAppStore } from '@/app/store/configure-app-store';
import { AskBox } from '@/features/knowledge/components/AskBox';
import { questionRefused } from '@/features/knowledge/store/knowledge-slice';
import { fakeServices } from '@/features/lives/__tests__/fixtures';
import { readPinyin } from '@/lib/content-policy/pinyin-reader';
import { policyAdvice, PolicyHint } from '@/ui/PolicyHint';

const ID = '11010519491231002X';

describe('policyAdvice: the reason the server would give, before sending', () => {
  test("a disguised promise is refused in the server's words", () => {
    expect(policyAdvice('保\u200b本，稳\u200d赚', 'question', readPinyin, true)).toEqual({
      refusal: '提问含有保本保收益类承诺用语「保本」，请修改后再提交',
      reason: '保本：除存款等法定保本产品外，任何人不得承诺本金不受损失',
      notice: null,
    });
    expect(policyAdvice('亏了我补给您', 'answer', readPinyin).reason).toBe(
      '亏损兜底：不得承诺替客户承担或补偿投资损失',
    );
    expect(policyAdvice('穩賺', 'leave_message', readPinyin).refusal).toBe(
      policyMessage({ rule: 'promise_return', word: '稳赚' }, 'leave_message'),
    );
  });

  test('a personal number: refused in a question, only noted in a leave-message (it will be hidden)', () => {
    expect(policyAdvice(`身份证${ID}`, 'question', readPinyin).refusal).toBe(
      '请勿在提问中填写身份证号，请删除后再提交',
    );
    expect(policyAdvice(`请回电13800138000，身份证${ID}`, 'leave_message', readPinyin)).toEqual({
      refusal: null,
      reason: null,
      notice: '为保护您的隐私，发送时将隐去手机号、身份证号',
    });
    expect(policyAdvice(`身份证${ID}`, 'question', readPinyin).reason).toBeNull();
  });

  test('clean text and disclosures say nothing', () => {
    expect(policyAdvice('本产品不保本，基金有风险，投资需谨慎', 'question', readPinyin, true)).toEqual({
      refusal: null,
      reason: null,
      notice: null,
    });
    expect(policyAdvice('请问这只基金保本吗？', 'question', readPinyin, true)).toEqual({
      refusal: null,
      reason: null,
      notice: null,
    });
    expect(policyAdvice('   ', 'question', readPinyin)).toEqual({ refusal: null, reason: null, notice: null });
  });

  test('an uncertain promise: no refusal, the held notice as the writer types (with the masking note)', () => {
    expect(policyAdvice('这款宝本理财不错', 'answer', readPinyin)).toEqual({
      refusal: null,
      reason: null,
      notice: '待合规审核：回答中「宝本」疑似保本类承诺用语，审核通过前仅您本人可见',
    });
    expect(policyAdvice('宝本的，回电13800138000', 'leave_message', readPinyin).notice).toBe(
      '待合规审核：留言中「宝本」疑似保本类承诺用语，审核通过前仅您本人可见；为保护您的隐私，发送时将隐去手机号',
    );
    // A display name is shown at once: the same words are refused there.
    expect(policyAdvice('宝本哥', 'name', readPinyin).refusal).toBe(
      '姓名含有保本保收益类承诺用语「宝本」，请修改后再提交',
    );
  });
});

describe('policyAdvice before the pinyin reader has loaded', () => {
  test('what only sounds like a promise waits for the reader; what is written as one does not', () => {
    expect(policyAdvice('这款宝本理财不错', 'answer', null)).toEqual({ refusal: null, reason: null, notice: null });
    expect(policyAdvice('这只基金wen zhuan', 'leave_message', null).notice).toBeNull();
    expect(policyAdvice('这只基金稳赚', 'leave_message', null).refusal).toBe(
      policyMessage({ rule: 'promise_return', word: '稳赚' }, 'leave_message'),
    );
    expect(policyAdvice('这只基金wen zhuan', 'leave_message', readPinyin).notice).toContain('「wenzhuan」');
  });
});

describe('PolicyHint', () => {
  const cls = { error: 'e', note: 'n' };
  test("the local refusal first, else the server's, else the note, else nothing", () => {
    const { rerender, container } = render(
      <PolicyHint advice={{ refusal: '本地', reason: '原因', notice: null }} serverError="服务器" className={cls} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('本地（原因）');
    rerender(
      <PolicyHint advice={{ refusal: null, reason: null, notice: '提示' }} serverError="服务器" className={cls} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/^服务器$/);
    rerender(<PolicyHint advice={{ refusal: null, reason: null, notice: '提示' }} className={cls} />);
    expect(screen.getByRole('status')).toHaveTextContent('提示');
    rerender(<PolicyHint advice={{ refusal: '本地', reason: null, notice: null }} className={cls} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^本地$/);
    rerender(<PolicyHint advice={{ refusal: null, reason: null, notice: null }} serverError={null} className={cls} />);
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
  const renderLeave = (draft: string) => void renderLeaveMessageForm(draft);

  test('a promise: the reason and no sending', () => {
    renderLeave('这只基金稳 赚，放心');
    expect(screen.getByRole('alert')).toHaveTextContent('留言含有保本保收益类承诺用语「稳赚」，请修改后再提交');
    expect(screen.getByTestId('leave-submit')).toBeDisabled();
  });

  test('an honest question about a promise is no promise: sending stays open', () => {
    renderLeave('这只基金稳 赚吗？');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('leave-submit')).toBeEnabled();
  });

  test('an uncertain promise: sending stays open, with the held notice (once the pinyin reader has loaded)', async () => {
    renderLeave('这只基金wen zhuan');
    expect(await screen.findByTestId('policy-notice')).toHaveTextContent(
      '待合规审核：留言中「wenzhuan」疑似保收益类承诺用语',
    );
    expect(screen.getByTestId('leave-submit')).toBeEnabled();
  });

  test('a phone number: sending stays open, with the note that it will be hidden', () => {
    renderLeave('请回电 138 0013 8000');
    expect(screen.getByTestId('policy-notice')).toHaveTextContent('为保护您的隐私，发送时将隐去手机号');
    expect(screen.getByTestId('leave-submit')).toBeEnabled();
  });
});
