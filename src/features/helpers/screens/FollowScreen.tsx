import Button from 'antd-mobile/es/components/button';
import { useEffect } from 'react';

import { ErrorBlock } from '../../../ui/ErrorBlock';
import { followOpened } from '../store/helpers-slice';
import { selectFollow } from '../store/selectors';

import './helpers.css';

import { useAppDispatch, useAppSelector } from '@/store';

/** /follow: the official account's name and QR code, with how to follow it. */
export default function FollowScreen() {
  const dispatch = useAppDispatch();
  const follow = useAppSelector(selectFollow);
  useEffect(() => {
    dispatch(followOpened());
  }, [dispatch]);

  if (follow.status === 'failed') {
    return (
      <ErrorBlock status="disconnected" title="公众号信息加载失败" description={follow.error ?? '请稍后重试'} fullPage>
        <Button color="primary" onClick={() => void dispatch(followOpened())}>
          重试
        </Button>
      </ErrorBlock>
    );
  }
  if (!follow.info) {
    return (
      <main className="helper" aria-busy="true">
        <p className="helper__hint">加载中…</p>
      </main>
    );
  }
  return (
    <main className="helper helper__center">
      <h1>关注「{follow.info.name}」</h1>
      <img className="helper__qr" src={follow.info.qrCodeUrl} alt={`${follow.info.name}二维码`} />
      <p className="helper__hint">在微信中长按上方二维码，选择“识别图中二维码”，点击“关注公众号”。</p>
      <p className="helper__hint">关注后可第一时间收到直播开播提醒与回放通知。</p>
    </main>
  );
}
