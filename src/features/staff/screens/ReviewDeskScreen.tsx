import { useState } from 'react';

import { DeskList, DeskTabs, useDeskList } from '../components/DeskList';
import { AnswerItem } from '../components/ReviewAnswerItem';
import { HeldItem } from '../components/ReviewHeldItem';
import { MemberItem } from '../components/ReviewMemberItem';

type Tab = 'answers' | 'held' | 'members';

/**
 * 审核台: experts' answers waiting for review, texts the content policy held (待审内容) and invited members
 * waiting for their adviser binding.
 */
export default function ReviewDeskScreen() {
  const [tab, setTab] = useState<Tab>('answers');
  const answers = useDeskList('pendingAnswers', tab === 'answers');
  const held = useDeskList('heldTexts', tab === 'held');
  const members = useDeskList('pendingMembers', tab === 'members');
  return (
    <main className="st-page">
      <DeskTabs<Tab>
        tabs={[
          ['answers', '待审回答'],
          ['held', '待审内容'],
          ['members', '邀请绑定'],
        ]}
        value={tab}
        onChange={setTab}
      />
      {tab === 'answers' ? (
        <DeskList
          list={answers.list}
          refresh={answers.refresh}
          more={answers.more}
          failedTitle="无法加载待审回答"
          empty={{ title: '没有待审核的回答' }}
        >
          {(a) => <AnswerItem key={a.answer_id} a={a} />}
        </DeskList>
      ) : tab === 'held' ? (
        <DeskList
          list={held.list}
          refresh={held.refresh}
          more={held.more}
          failedTitle="无法加载待审内容"
          empty={{ title: '没有待合规审核的内容' }}
        >
          {(h) => <HeldItem key={h.id} h={h} />}
        </DeskList>
      ) : (
        <DeskList
          list={members.list}
          refresh={members.refresh}
          more={members.more}
          failedTitle="无法加载邀请绑定"
          empty={{ title: '没有待处理的邀请绑定' }}
        >
          {(m) => <MemberItem key={m.memberId} m={m} />}
        </DeskList>
      )}
    </main>
  );
}
