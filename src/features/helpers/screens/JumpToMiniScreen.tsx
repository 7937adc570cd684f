import Button from 'antd-mobile/es/components/button';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { DEFAULT_MINI_PATH } from '../../../api/contract/helpers-constants';
import { ErrorBlock } from '../../../ui/ErrorBlock';
import { miniProgramOpened, miniSchemeRequested } from '../store/helpers-slice';
import { selectMiniScheme } from '../store/selectors';

import './helpers.css';

import { useAppDispatch, useAppSelector } from '@/store';

/** /jumpToMini?path=&query=: opens a mini-program page through a generated weixin:// link. */
export default function JumpToMiniScreen() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const path = params.get('path')?.trim().replace(/^\/+/, '') || DEFAULT_MINI_PATH;
  const query = params.get('query') ?? undefined;
  const mini = useAppSelector(selectMiniScheme);
  const request = () => void dispatch(miniSchemeRequested(query ? { path, query } : { path }));
  useEffect(() => {
    dispatch(miniSchemeRequested(query ? { path, query } : { path }));
  }, [dispatch, path, query]);

  if (mini.status === 'invalid') {
    return <ErrorBlock status="default" title="链接无效" description={mini.invalid ?? ''} fullPage />;
  }
  if (mini.status === 'failed') {
    return (
      <ErrorBlock
        status="disconnected"
        title="小程序链接获取失败"
        description={mini.error?.message ?? '请稍后重试'}
        fullPage
      >
        <Button color="primary" onClick={request}>
          重试
        </Button>
      </ErrorBlock>
    );
  }
  const link = mini.status === 'loaded' ? mini.openlink : null;
  return (
    <main className="helper helper__center">
      <h1>打开小程序</h1>
      <p className="helper__hint">{link ? '点击下方按钮，在微信中打开小程序' : '正在生成小程序链接…'}</p>
      <div className="helper__actions">
        <Button
          color="primary"
          block
          disabled={!link}
          loading={!link}
          onClick={() => {
            if (link) dispatch(miniProgramOpened({ openlink: link }));
          }}
        >
          打开小程序
        </Button>
      </div>
    </main>
  );
}
