import { AddressedResourcePage } from '../components/AddressedResourcePage';
import { AskBox } from '../components/AskBox';
import { QuestionCard } from '../components/cards';
import { day, Disclaimer, Thumbs } from '../components/parts';
import { StoreError } from '../components/StoreError';

import type { StoreQaDetail } from '@/api/contract/store';
import { QUESTION_STATE_LABELS } from '@/api/contract/store-constants';
import { HoldNotice } from '@/ui/HoldNotice';

/** A question, its published answers (answerer's certificate number, thumbs-up) and follow-ups. */
export default function QuestionDetailScreen() {
  return (
    <AddressedResourcePage<StoreQaDetail>
      kind="qa"
      invalid={<StoreError title="链接无效" description="问题编号缺失或有误，请从问答列表进入" />}
    >
      {(d) => (
        <>
          <section className="kn-section">
            <h2 style={{ display: 'block' }}>{d.question.content}</h2>
            <div className="kn-meta">
              <span className={d.question.state === 'answered' ? 'kn-tag' : 'kn-tag kn-tag--grey'}>
                {QUESTION_STATE_LABELS[d.question.state]}
              </span>
              <span>{d.question.asker}</span>
              <span>{day(d.question.asked_at)}</span>
            </div>
            <HoldNotice hold={d.question.hold} />
          </section>
          {d.answers.length === 0 && (
            <section className="kn-section">
              <p className="kn-meta">专家回答正在合规审核中，发布后会显示在这里。</p>
            </section>
          )}
          {d.answers.map((a) => (
            <section key={a.id} className="kn-section" data-answer={a.id}>
              <div className="kn-row">
                <img className="kn-avatar" src={a.expert.avatar} alt="" width={44} height={44} />
                <div>
                  <b>{a.expert.name}</b> <span className="kn-meta">{a.expert.title}</span>
                  <div className="kn-meta">从业资格编号：{a.expert.certificate_no}</div>
                </div>
              </div>
              <p style={{ lineHeight: 1.7 }}>{a.content}</p>
              <div className="kn-row" style={{ justifyContent: 'space-between' }}>
                <span className="kn-meta">{day(a.published_at)} 发布 · 已通过合规审核</span>
                <Thumbs itemType="answer" itemId={a.id} liked={a.liked} likes={a.likes} />
              </div>
            </section>
          ))}
          {d.follow_ups.length > 0 && (
            <section className="kn-section">
              <h2>追问</h2>
              {d.follow_ups.map((q) => (
                <QuestionCard key={q.id} q={q} />
              ))}
            </section>
          )}
          {d.question.state === 'answered' && (
            <AskBox parentId={d.question.id} placeholder="对回答还有疑问？继续追问" />
          )}
          <div className="kn-pad">
            <Disclaimer>回答仅代表专家个人观点，不构成投资建议。市场有风险，投资需谨慎。</Disclaimer>
          </div>
        </>
      )}
    </AddressedResourcePage>
  );
}
