import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';

import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import { sendToCustomer } from '../store/customer-share-saga';
import { authApi } from '../store/flow-sagas';
import { customerShareFailed, customerShareRequested, customerShareSent } from '../store/session-slice';
import { configureWx, loadWx } from '../store/share-saga';

import { currentUrl } from '@/platform/location';

type Answer = (name: string) => string | null;

/** WeCom's JS-SDK as the saga sees it: `answer` gives each call's err_msg (null: it never answers). */
function wecom(answer: Answer) {
  const calls: { name: string; params: Record<string, unknown> }[] = [];
  const wx = {
    invoke(name: string, params: Record<string, unknown>, cb: (res: { err_msg: string }) => void) {
      calls.push({ name, params });
      const said = answer(name);
      if (said !== null) cb({ err_msg: said });
    },
  };
  return { wx, calls };
}

const send = (
  answer: Answer,
  ms: number,
  payload: Partial<ReturnType<typeof customerShareRequested>['payload']> = {},
) => {
  const { wx, calls } = wecom(answer);
  const action = customerShareRequested({
    title: '稳健理财周报',
    desc: '本周要点',
    link: 'https://x/readMaterial?token=t',
    imgUrl: '',
    externalUserId: 'wmEXT31',
    ...payload,
  });
  const run = silentRunVirtually(
    expectSaga(sendToCustomer, action).provide([
      [matchers.call.fn(loadWx), wx],
      [matchers.call.fn(authApi), { weworkJsSdk: () => Promise.resolve({ config: { appId: 'a' } }) }],
      [matchers.call.fn(currentUrl), 'https://app.example/workbench'],
      [matchers.call.fn(configureWx), undefined],
    ]),
    ms,
  );
  return { run, calls };
};

describe('发送给客户 through WeCom: an answer, or a stated stop', () => {
  it('WeCom that never answers is stopped at 15 s with the reason, not a silent spinner', async () => {
    const before = await send((n) => (n === 'openEnterpriseChat' ? 'openEnterpriseChat:ok' : null), 14_000).run;
    expect(before.effects.put ?? []).toHaveLength(0);
    const after = await send((n) => (n === 'openEnterpriseChat' ? 'openEnterpriseChat:ok' : null), 15_500).run;
    expect(after.effects.put).toEqual([
      expect.objectContaining({
        payload: expect.objectContaining({
          action: customerShareFailed({ message: '企业微信未响应，已停止发送', code: 'SDK_TIMEOUT' }),
        }),
      }),
    ]);
  });

  it('a cancel and a failure say which, at once', async () => {
    const cancelled = await send((n) => `${n}:${n === 'sendChatMessage' ? 'cancel' : 'ok'}`, 100).run;
    expect(cancelled.effects.put[0]!.payload.action).toEqual(
      customerShareFailed({ message: 'sendChatMessage:cancel', code: 'SEND_CANCELLED' }),
    );
    const closed = await send((n) => `${n}:fail no permission`, 100).run;
    expect(closed.effects.put[0]!.payload.action.payload.code).toBe('CHAT_NOT_OPENED');
  });

  it('sends the link card into the opened chat, or a plain text when that was chosen', async () => {
    const card = send((n) => `${n}:ok`, 100);
    expect((await card.run).effects.put[0]!.payload.action).toEqual(customerShareSent({ via: 'sendChatMessage' }));
    expect(card.calls.map((c) => c.name)).toEqual(['openEnterpriseChat', 'sendChatMessage']);
    expect(card.calls[1]!.params).toMatchObject({ msgtype: 'news', news: { title: '稳健理财周报' } });
    const text = send((n) => `${n}:ok`, 100, { text: '明天方便通话吗' });
    await text.run;
    expect(text.calls[1]!.params).toEqual({ msgtype: 'text', text: { content: '明天方便通话吗' } });
  });
});
