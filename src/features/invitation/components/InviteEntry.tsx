import { useState } from 'react';

import { invitationEvents as ev, selectCopy } from '../store/invitation-slice';
import { QrCode } from './QrCode';

import type { MemberInfo } from '@/api/contract/invitation';
import { maskName } from '@/api/contract/mask';
import { useShareMenu } from '@/features/session';
import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';

const COPY_TOAST = { copied: '链接已复制，去粘贴给好友吧', failed: '复制失败，请长按上方链接复制' } as const;

/** A member's personal link (with 复制链接), the poster with its QR code, and the WeChat/WeCom share menus. */
export function InviteEntry({ me }: { me: MemberInfo }) {
  const dispatch = useAppDispatch();
  const copy = useAppSelector(selectCopy);
  const [poster, setPoster] = useState(false);
  const origin = globalThis.location?.origin ?? '';
  const link = `${origin}${routes.wechatH5.getHref({}, { share: me.shareCode })}`;
  // The poster and the share card reach other people: the inviter's name is masked there as on the landing.
  const shownName = me.name ? maskName(me.name) : '';
  useShareMenu({
    title: `${shownName || '好友'}邀请你加入财富会员`,
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
      <div className="inv-row inv-row--wrap">
        <span>
          已邀请 {me.invitedCount} 人 · 已得 {me.rewardPoints} 积分
        </span>
        <span className="inv-actions">
          <button
            type="button"
            className="inv-btn inv-btn--ghost"
            onClick={() => dispatch(ev.inviteLinkCopyRequested({ link }))}
          >
            复制链接
          </button>
          <button
            type="button"
            className="inv-btn inv-btn--ghost"
            onClick={() => setPoster((v) => !v)}
            aria-expanded={poster}
          >
            {poster ? '收起海报' : '生成海报'}
          </button>
        </span>
      </div>
      <p className="inv-toast" role="status" aria-live="polite" data-testid="copy-toast">
        {copy === 'copied' || copy === 'failed' ? COPY_TOAST[copy] : ''}
      </p>
      <p style={{ fontSize: 13 }}>在微信或企业微信中点右上角「…」即可分享给好友或朋友圈。</p>
      {poster && (
        <div className="inv-card inv-poster" style={{ color: 'var(--app-color-text)' }}>
          <h2 data-testid="poster-name">{shownName || '我'}邀请你加入财富会员</h2>
          <QrCode text={link} label="邀请二维码" />
          <p style={{ fontSize: 13 }}>长按识别二维码，注册即享会员权益</p>
        </div>
      )}
    </section>
  );
}
