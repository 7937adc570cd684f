import Button from 'antd-mobile/es/components/button';
import { useEffect, useState } from 'react';

import { ErrorBlock } from '../../../ui/ErrorBlock';
import { LiveRows } from '../components/room/LiveParts';
import { NotQualifiedWayOut } from '../components/room/NotQualifiedWayOut';
import { useOnlinePolling } from '../components/use-online-polling';
import { topicListOpened, topicListRetried } from '../store/live-room-slice';
import { selectLiveRoom, selectRelatedRoomIds, selectRelatedRows } from '../store/room-selectors';

import './live-screens.css';

import { useAppDispatch, useAppSelector } from '@/store';

export type Topic =
  | 'tactfulOnline'
  | 'tactfulReport'
  | 'cloudMeeting'
  | 'kycIndex'
  | 'kycH5'
  | 'crmHoliday'
  | 'hedgeFund'
  | 'mutualFund'
  | 'annualMeeting';

interface TopicCopy {
  title: string;
  intro: string;
  /** Which lives the page lists. */
  show: 'all' | 'current' | 'ended';
  /** Private-fund content is shown to qualified investors only. */
  qualified?: boolean;
}

/** What each landing page is for (the spec names them only): its heading, pitch and which lives it lists. */
const TOPICS: Record<Topic, TopicCopy> = {
  tactfulOnline: {
    title: '在线策略会',
    intro: '投研团队定期解读市场与配置策略，正在直播和即将开始的场次都在这里。',
    show: 'current',
  },
  tactfulReport: { title: '策略会报告', intro: '往期策略会的回放与数据，选择一场查看详细报告。', show: 'ended' },
  cloudMeeting: { title: '云会议活动', intro: '线上会议与直播活动日历，预约后开始前提醒您。', show: 'all' },
  kycIndex: {
    title: '了解您的投资偏好',
    intro: '完成风险测评，我们会为您推荐适合的直播与产品。以下是为大多数投资者准备的入门直播。',
    show: 'all',
  },
  kycH5: { title: '投资者教育专题', intro: '从认识风险到做好配置，跟着专业讲者一步步了解财富管理。', show: 'all' },
  crmHoliday: { title: '理财师节', intro: '感谢每一位理财师的专业陪伴。节日期间的专场直播与活动一览。', show: 'all' },
  hedgeFund: { title: '私募基金专区', intro: '私募策略解读、管理人访谈与产品路演。', show: 'all', qualified: true },
  mutualFund: { title: '公募基金专区', intro: '基金定投、债基与指数投资，基金经理面对面。', show: 'all' },
  annualMeeting: {
    title: '黑钻年会',
    intro: '黑钻会员年度盛会：宏观展望、大类资产配置与家族财富传承主题直播。',
    show: 'all',
  },
};

/** A topic landing page: its copy plus the firm's lives, online counts polled while shown. */
export function TopicView({ topic }: { topic: Topic }) {
  const copy = TOPICS[topic];
  const dispatch = useAppDispatch();
  const room = useAppSelector(selectLiveRoom);
  const rows = useAppSelector(selectRelatedRows);
  const roomIds = useAppSelector(selectRelatedRoomIds);
  const [confirmed, setConfirmed] = useState(!copy.qualified);

  useEffect(() => {
    if (confirmed) dispatch(topicListOpened());
  }, [dispatch, confirmed]);

  useOnlinePolling(roomIds);

  const shown = rows.filter((r) =>
    copy.show === 'all' ? true : copy.show === 'ended' ? r.tone === 'ended' : r.tone !== 'ended',
  );

  return (
    <main className="live-screen topic">
      <header className="topic__head">
        <h1>{copy.title}</h1>
        <p>{copy.intro}</p>
      </header>
      {!confirmed ? (
        <section className="live-gate" aria-label="合格投资者确认">
          <p>
            私募基金仅向合格投资者推介。请确认您的金融资产不低于 300 万元或最近三年个人年均收入不低于 50
            万元，并具备相应的风险承担能力。
          </p>
          <Button block color="primary" onClick={() => setConfirmed(true)} data-testid="auth-confirm">
            我是合格投资者，继续浏览
          </Button>
          <NotQualifiedWayOut />
        </section>
      ) : room.related.status === 'failed' ? (
        <ErrorBlock status="disconnected" title="加载失败" description={room.related.error?.message ?? '请稍后重试'}>
          <Button color="primary" onClick={() => void dispatch(topicListRetried())}>
            重新加载
          </Button>
        </ErrorBlock>
      ) : room.related.status !== 'succeeded' ? (
        <div aria-busy="true" className="live-skeleton live-skeleton--line" />
      ) : (
        <LiveRows rows={shown} label={copy.title} />
      )}
    </main>
  );
}
