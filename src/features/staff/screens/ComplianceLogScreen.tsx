import { ComplianceEventRow } from '../components/ComplianceEventRow';
import { ComplianceFilterForm } from '../components/ComplianceFilterForm';
import { DeskList, useDeskList } from '../components/DeskList';

/** 合规记录: the compliance officer's trail of suitability checks, forwards, share links, reviews, policy hits and log reads. */
export default function ComplianceLogScreen() {
  const events = useDeskList('events');
  return (
    <main className="st-page">
      <ComplianceFilterForm />
      <DeskList
        {...events}
        failedTitle="无法加载合规记录"
        empty={{ title: '没有符合条件的记录', description: '换个筛选条件看看' }}
      >
        {(e) => <ComplianceEventRow key={e.id} e={e} />}
      </DeskList>
    </main>
  );
}
