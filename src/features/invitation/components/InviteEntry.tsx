import { useState } from 'react';

import { QrCode } from './QrCode';

import type { MemberInfo } from '@/api/contract/invitation';
import { useShareMenu } from '@/features/session';
import { routes } from '@/routes';

/** A member's personal link, the poster with its QR code, and the WeChat/WeCom share menus. */
export function InviteEntry({ me }: { me: MemberInfo }) {
  const [poster, setPoster] = useState(false);
  const origin = globalThis.location?.origin ?? '';
  const link = `${origin}${routes.wechatH5.getHref({}, { share: me.shareCode })}`;
  useShareMenu({
    title: `${me.name || '好友'}邀请你加入财富会员`,
    desc: '注册即享投教直播、专属理财师与学习积分',
    link,
    timelineTitle: '邀请你加入财富会员',
  });
  return (
    <section className="inv-card inv-hero" aria-label="邀请好友">
      <h1>邀请好友加入会员</h1>
      <p>好友通过你的链接注册、完成实名或学习任务，你可获得积分奖励。</p>
      <p className="inv-link" style={{ color: 'var(--app-color-text-inverse)' }} data-testid="invite-link">
        {link}
      </p>
      <div className="inv-row">
        <span>
          已邀请 {me.invitedCount} 人 · 已得 {me.rewardPoints} 积分
        </span>
        <button
          type="button"
          className="inv-btn inv-btn--ghost"
          onClick={() => setPoster((v) => !v)}
          aria-expanded={poster}
        >
          {poster ? '收起海报' : '生成海报'}
        </button>
      </div>
      <p style={{ fontSize: 13 }}>在微信或企业微信中点右上角「…」即可分享给好友或朋友圈。</p>
      {poster && (
        <div className="inv-card inv-poster" style={{ color: 'var(--app-color-text)' }}>
          <h2>{me.name || '我'}邀请你加入财富会员</h2>
          <QrCode text={link} label="邀请二维码" />
          <p style={{ fontSize: 13 }}>长按识别二维码，注册即享会员权益</p>
        </div>
      )}
    </section>
  );
}
