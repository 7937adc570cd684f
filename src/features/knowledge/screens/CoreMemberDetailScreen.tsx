import { AddressedResourcePage } from '../components/AddressedResourcePage';
import { ArticleCard } from '../components/cards';
import { FollowButton, FollowError, useFollow } from '../components/Follow';
import { Disclaimer } from '../components/parts';
import { StoreError } from '../components/StoreError';

import type { StoreCoreMember } from '@/api/contract/store';
import { VIEW_DISCLAIMER } from '@/api/contract/store-constants';

function Followers({ m }: { m: StoreCoreMember['member'] }) {
  return <span>{useFollow(m).followers} 人关注</span>;
}

/** An investment figure: bio, certificate number, latest views. */
export default function CoreMemberDetailScreen() {
  return (
    <AddressedResourcePage<StoreCoreMember>
      kind="member"
      names={['id', 'member_id']}
      invalid={<StoreError title="链接无效" description="专家编号缺失或有误，请从专家列表进入" />}
    >
      {({ member: m, views }) => (
        <>
          <section className="kn-section kn-row">
            <img className="kn-avatar" style={{ width: 64, height: 64 }} src={m.avatar} alt="" width={64} height={64} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <h2 style={{ margin: 0 }}>{m.name}</h2>
              <div className="kn-meta">
                {m.title} · {m.organization}
              </div>
              <div className="kn-meta">从业资格编号：{m.certificate_no}</div>
              <div className="kn-meta">
                <Followers m={m} />
              </div>
            </div>
            <FollowButton e={m} />
          </section>
          <FollowError />
          <section className="kn-section">
            <p style={{ margin: 0, lineHeight: 1.6 }}>{m.bio}</p>
            <div className="kn-meta" style={{ marginTop: 8 }}>
              {m.tags.map((t) => (
                <span key={t} className="kn-tag">
                  {t}
                </span>
              ))}
            </div>
          </section>
          <section className="kn-section">
            <h2>最新观点（{m.article_count}）</h2>
            {views.length ? (
              views.map((a) => <ArticleCard key={a.id} a={a} full />)
            ) : (
              <p className="kn-meta">暂无观点</p>
            )}
            <Disclaimer>{VIEW_DISCLAIMER}</Disclaimer>
          </section>
        </>
      )}
    </AddressedResourcePage>
  );
}
