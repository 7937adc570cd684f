import { useEffect } from 'react';

import { selectFlowStatus } from '../store/selectors';
import { sessionCheckRequested, wxAuthJumpOpened } from '../store/session-slice';

import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';

const selectWebChat = selectFlowStatus('webChat');

/** /jumpToWxAuth?redirect=…: starts the WeChat authorization and comes back to `redirect`. */
export default function JumpToWxAuthScreen() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectWebChat);
  useEffect(() => {
    dispatch(wxAuthJumpOpened());
  }, [dispatch]);
  return (
    <div style={{ padding: 32, textAlign: 'center', color: 'var(--app-color-text-secondary)' }}>
      {status === 'failed' ? (
        <>
          <p role="alert">微信授权失败，请稍后重试</p>
          <button type="button" onClick={() => dispatch(sessionCheckRequested({ flow: 'webChat' }))}>
            重试
          </button>
          <p>
            <a href={routes.home.getHref()}>返回首页</a>
          </p>
        </>
      ) : status === 'signedOut' ? (
        <p>未完成微信授权</p>
      ) : (
        <p>正在跳转微信授权…</p>
      )}
    </div>
  );
}
