import { useState } from 'react';

import { DeskList, DeskTabs, useDeskList } from '../components/DeskList';
import { AnswerItem } from '../components/ReviewAnswerItem';
import { ReviewFinalMemberItem } from '../components/ReviewFinalMemberItem';
import { HeldItem } from '../components/ReviewHeldItem';
import { ReviewMaterialItem } from '../components/ReviewMaterialItem';
import { MemberItem } from '../components/ReviewMemberItem';

type Tab = 'answers' | 'held' | 'members' | 'materials' | 'decided';

/**
 * 审核台: experts' answers waiting for review, texts the content policy held (待审内容), invited members waiting
 * for their adviser binding, materials waiting for review, and the final binding decisions (reversible only by a
 * second reviewer).
 */
export default function ReviewDeskScreen() {
  const [tab, setTab] = useState<Tab>('answers');
  const answers = useDeskList('pendingAnswers', tab === 'answers');
  const held = useDeskList('heldTexts', tab === 'held');
  const members = useDeskList('pendingMembers', tab === 'members');
  const materials = useDeskList('pendingMaterials', tab === 'materials');
  const decided = useDeskList('decidedMembers', tab === 'decided');
  return (
    <main className="st-page">
      <DeskTabs<Tab>
        tabs={[
          ['answers', '待审回答'],
          ['held', '待审内容'],
          ['members', '邀请绑定'],
          ['materials', '素材'],
          ['decided', '已定绑定'],
        ]}
        value={tab}
        onChange={setTab}
      />
      {tab === 'answers' ? (
        <DeskList {...answers} failedTitle="无法加载待审回答" empty={{ title: '没有待审核的回答' }}>
          {(a) => <AnswerItem key={a.answer_id} a={a} />}
        </DeskList>
      ) : tab === 'held' ? (
        <DeskList {...held} failedTitle="无法加载待审内容" empty={{ title: '没有待合规审核的内容' }}>
          {(h) => <HeldItem key={h.id} h={h} />}
        </DeskList>
      ) : tab === 'materials' ? (
        <DeskList {...materials} failedTitle="无法加载待审素材" empty={{ title: '没有待审核的素材' }}>
          {(m) => <ReviewMaterialItem key={m.material_id} m={m} />}
        </DeskList>
      ) : tab === 'decided' ? (
        <DeskList {...decided} failedTitle="无法加载已定绑定" empty={{ title: '没有已作出最终决定的绑定' }}>
          {(m) => <ReviewFinalMemberItem key={m.memberId} m={m} />}
        </DeskList>
      ) : (
        <DeskList {...members} failedTitle="无法加载邀请绑定" empty={{ title: '没有待处理的邀请绑定' }}>
          {(m) => <MemberItem key={m.memberId} m={m} />}
        </DeskList>
      )}
    </main>
  );
}
