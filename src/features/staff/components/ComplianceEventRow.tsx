import { selectComplianceFilter } from '../store/selectors';
import { complianceFilterChanged } from '../store/staff-slice';
import { when } from './DeskList';

import { COMPLIANCE_EVENT_LABELS } from '@/api/contract/compliance-events';
import {
  COMPLIANCE_REASON_LABELS,
  type ComplianceEvent,
  type ComplianceFilterQuery,
  decisionLabel,
} from '@/api/contract/compliance-trail';
import { useAppDispatch, useAppSelector } from '@/store';

const REFUSED = new Set(['refused', 'rejected', 'returned', 'failed']);
const SUBJECT_WORDS: Record<string, string> = {
  answer: '回答',
  member: '会员',
  question: '问题',
  material: '素材',
  share: '分享链接',
  product: '产品',
  log: '操作日志',
  forward: '转发',
  message: '消息',
};
/** `answer:12` as 回答 #12 (an unknown kind shows as it is). */
const subjectText = (subject: string) => {
  const [kind = '', id = ''] = subject.split(':');
  return SUBJECT_WORDS[kind] ? `${SUBJECT_WORDS[kind]} #${id}` : subject;
};

/** A name on a row that narrows the list to it when tapped. */
function Narrow({ label, name, onTap }: { label: string; name: string; onTap(): void }) {
  return (
    <span className="st-chip-hit">
      <button type="button" className="st-chip" onClick={onTap} aria-label={`只看${label}${name}`}>
        {label}：{name}
      </button>
    </span>
  );
}

/** One event of the trail; its adviser, customer and product narrow the list when tapped. */
export function ComplianceEventRow({ e }: { e: ComplianceEvent }) {
  const dispatch = useAppDispatch();
  const applied = useAppSelector(selectComplianceFilter);
  const narrow = (patch: ComplianceFilterQuery) => dispatch(complianceFilterChanged({ ...applied, ...patch }));
  const reason = e.reason ? (COMPLIANCE_REASON_LABELS[e.reason] ?? e.reason) : null;
  return (
    <article className="st-card" data-event={e.id} data-kind={e.kind}>
      <div className="st-meta">
        <span className="st-tag">{COMPLIANCE_EVENT_LABELS[e.kind]}</span>
        <span
          className={`st-tag ${REFUSED.has(e.decision) ? 'st-tag--red' : e.decision === 'pending' ? '' : 'st-tag--green'}`}
        >
          {decisionLabel(e.decision)}
        </span>
        <span>{when(e.at)}</span>
      </div>
      <p className="st-text">
        {e.actor ? e.actor.name : '访客'} · {subjectText(e.subject)}
      </p>
      {reason && <p className="st-meta">原因：{reason}</p>}
      <div className="st-meta">
        {e.adviser && (
          <Narrow label="理财师" name={e.adviser.name} onTap={() => narrow({ adviser_id: e.adviser!.id })} />
        )}
        {e.customer && (
          <Narrow label="客户" name={e.customer.name} onTap={() => narrow({ customer_id: e.customer!.id })} />
        )}
        {e.product && <Narrow label="产品" name={e.product.name} onTap={() => narrow({ product_id: e.product!.id })} />}
      </div>
    </article>
  );
}
