import { useSearchParams } from 'react-router-dom';

import { AskBox } from '../components/AskBox';
import { QuestionCard } from '../components/cards';
import { PagedList } from '../components/PagedList';
import { Tabs } from '../components/Tabs';

import type { StoreQuestion } from '@/api/contract/store';
import { routes } from '@/routes';

const QA_TABS = [
  { tab: 'all', label: '全部问答' },
  { tab: 'mine', label: '我的提问' },
] as const;

/** Q&A: every answered question, or mine with each one's state; the ask box on top. */
export default function QuestionListScreen() {
  const [params] = useSearchParams();
  const mine = params.get('tab') === 'mine';
  return (
    <main className="kn-page">
      <AskBox placeholder="向专家提问，例如：现在适合定投吗？" />
      <Tabs
        tabs={QA_TABS}
        current={mine ? 'mine' : 'all'}
        href={(t) =>
          t.tab === 'mine' ? routes.questionList.getHref({}, { tab: 'mine' }) : routes.questionList.getHref()
        }
      />
      {mine ? (
        <PagedList<StoreQuestion>
          listKey="mine"
          kind="mine"
          empty="你还没有提问"
          render={(q) => <QuestionCard key={q.id} q={q} />}
        />
      ) : (
        <PagedList<StoreQuestion>
          listKey="qa"
          kind="qa"
          empty="暂无问答"
          render={(q) => <QuestionCard key={q.id} q={q} />}
        />
      )}
    </main>
  );
}
