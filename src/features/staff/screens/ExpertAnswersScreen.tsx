import { useState } from 'react';

import { MyAnswerCard, QuestionCard } from '../components/AnswerCards';
import { DeskList, DeskTabs, useDeskList } from '../components/DeskList';
import { selectMyAnswersByUrgency } from '../store/selectors';

import { useAppSelector } from '@/store';

type Tab = 'inbox' | 'mine';

/** 专家回答: an expert's open questions to answer, and their own answers with the reviewers' reasons. */
export default function ExpertAnswersScreen() {
  const [tab, setTab] = useState<Tab>('inbox');
  const inbox = useDeskList('inbox', tab === 'inbox');
  const mine = useDeskList('myAnswers', tab === 'mine');
  const ordered = useAppSelector(selectMyAnswersByUrgency);
  return (
    <main className="st-page">
      <DeskTabs<Tab>
        tabs={[
          ['inbox', '待回答'],
          ['mine', '我的回答'],
        ]}
        value={tab}
        onChange={setTab}
      />
      {tab === 'inbox' ? (
        <DeskList {...inbox} failedTitle="无法加载待回答的问题" empty={{ title: '暂时没有待回答的问题' }}>
          {(row) => <QuestionCard key={row.question.id} row={row} />}
        </DeskList>
      ) : (
        <DeskList
          {...mine}
          list={{ ...mine.list, items: ordered }}
          failedTitle="无法加载我的回答"
          empty={{ title: '还没有回答', description: '在“待回答”中选择问题作答' }}
        >
          {(a) => <MyAnswerCard key={a.answer_id} answer={a} />}
        </DeskList>
      )}
    </main>
  );
}
