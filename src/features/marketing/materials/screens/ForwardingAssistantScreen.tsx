import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';

import { ArticleBody } from '../components/parts';
import { selectTransform, transformRequested } from '../store/materials-slice';

import '../../shared/components/marketing.css';
import '../components/materials.css';

import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';
import { HoldNotice } from '@/ui/HoldNotice';
import { PolicyHint, usePolicyAdvice } from '@/ui/PolicyHint';

const HINT = { error: 'mt-error', note: 'mt-facts' };

/** Sample public-account links the local backend keeps (there is no internet here). */
const SAMPLES = [
  ['三张图看懂资产配置', 'https://mp.weixin.qq.com/s/noah-asset-allocation-2025'],
  ['个人养老金账户的五个问题', 'https://mp.weixin.qq.com/s/pension-account-guide'],
] as const;

/** 转发助手: a public-account link or pasted article → sanitized preview → my tracked material → pick customers. */
export default function ForwardingAssistantScreen() {
  const [text, setText] = useState('');
  const transform = useAppSelector(selectTransform);
  const dispatch = useAppDispatch();
  const isLink = /^https?:\/\/\S+$/.test(text.trim());
  // A pasted article is read as the adviser types (a link is read on the server, its reason comes back).
  const advice = usePolicyAdvice(isLink ? '' : text, 'article');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const v = text.trim();
    if (v) dispatch(transformRequested(isLink ? { url: v } : { html: v }));
  };
  const m = transform.material;
  return (
    <main className="mk-page" style={{ paddingBottom: 24 }}>
      <form className="mt-form" onSubmit={onSubmit}>
        <label htmlFor="fa-input">粘贴公众号文章链接，或复制整篇文章粘贴到这里</label>
        <textarea
          id="fa-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={200_000}
          placeholder="https://mp.weixin.qq.com/s/… 或文章内容"
        />
        <div className="mt-samples" aria-label="示例链接">
          {SAMPLES.map(([title, url]) => (
            <button type="button" key={url} onClick={() => setText(url)}>
              {title}
            </button>
          ))}
        </div>
        <PolicyHint advice={advice} className={HINT} />
        <button type="submit" disabled={!text.trim() || transform.status === 'loading'}>
          {transform.status === 'loading' ? '正在生成…' : isLink ? '读取链接并生成素材' : '生成素材'}
        </button>
      </form>
      {transform.status === 'failed' && (
        <p className="mt-error" role="alert">
          {transform.error}
        </p>
      )}
      {m && (
        <>
          <h2 className="mt-title">预览：{m.title}</h2>
          <p className="mt-facts">
            <span>已去除脚本与外链跟踪，文末附上您的名片；客户打开后可看到阅读时长与进度</span>
          </p>
          {m.html && <ArticleBody html={m.html} />}
          {/* Held: kept as the adviser's material, but not sent to anyone before a reviewer approves it. */}
          <HoldNotice hold={m.hold} />
          <div className="mt-form" hidden={Boolean(m.hold)}>
            <Link
              className="mk-chip"
              style={{
                textAlign: 'center',
                lineHeight: '44px',
                textDecoration: 'none',
                background: '#c8102e',
                color: 'var(--app-color-text-inverse)',
                borderColor: '#c8102e',
              }}
              to={routes.materialDetail.getHref(undefined, { material_id: m.material_id })}
            >
              选择客户并发送
            </Link>
          </div>
        </>
      )}
    </main>
  );
}
