import { type FormEvent, useEffect, useState } from 'react';

import { DeskList, useDeskList, when } from '../components/DeskList';
import { selectComplianceFilter, selectExporting, selectFilterOptions } from '../store/selectors';
import { complianceExportRequested, complianceFilterChanged, complianceFiltersRequested } from '../store/staff-slice';

import {
  COMPLIANCE_EVENT_KINDS,
  COMPLIANCE_EVENT_LABELS,
  type ComplianceEventKind,
} from '@/api/contract/compliance-events';
import {
  COMPLIANCE_DECISION_LABELS,
  COMPLIANCE_REASON_LABELS,
  type ComplianceEvent,
  type ComplianceFilterQuery,
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
};
/** `answer:12` as 回答 #12 (an unknown kind shows as it is). */
const subjectText = (subject: string) => {
  const [kind = '', id = ''] = subject.split(':');
  return SUBJECT_WORDS[kind] ? `${SUBJECT_WORDS[kind]} #${id}` : subject;
};
const toId = (v: string) => (/^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** The form's fields as text; what is applied is the store's filter (the saga reloads on each change). */
function FilterForm() {
  const dispatch = useAppDispatch();
  const applied = useAppSelector(selectComplianceFilter);
  const options = useAppSelector(selectFilterOptions);
  const exporting = useAppSelector(selectExporting);
  const [f, setF] = useState({ kind: '', adviser: '', customer: '', product: '', from: '', to: '' });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    dispatch(complianceFiltersRequested());
  }, [dispatch]);
  // A chip tapped on a row changes the applied filter: the form follows it.
  useEffect(() => {
    setF({
      kind: applied.kind ?? '',
      adviser: applied.adviser_id ? String(applied.adviser_id) : '',
      customer: applied.customer_id ? String(applied.customer_id) : '',
      product: applied.product_id ? String(applied.product_id) : '',
      from: applied.from ?? '',
      to: applied.to ?? '',
    });
  }, [applied]);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) =>
    setF((old) => ({ ...old, [k]: e.target.value }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (f.customer && !toId(f.customer)) return setProblem('客户编号应为正整数');
    if (f.from && f.to && f.to < f.from) return setProblem('结束日期不能早于开始日期');
    setProblem(null);
    const next: ComplianceFilterQuery = {
      ...(f.kind ? { kind: f.kind as ComplianceEventKind } : {}),
      ...(toId(f.adviser) ? { adviser_id: toId(f.adviser) } : {}),
      ...(toId(f.customer) ? { customer_id: toId(f.customer) } : {}),
      ...(toId(f.product) ? { product_id: toId(f.product) } : {}),
      ...(f.from ? { from: f.from } : {}),
      ...(f.to ? { to: f.to } : {}),
    };
    dispatch(complianceFilterChanged(next));
  };
  return (
    <form className="st-filters" onSubmit={apply} aria-label="筛选">
      <div className="st-grid">
        <div>
          <label className="st-label" htmlFor="cl-kind">
            类型
          </label>
          <select id="cl-kind" className="st-select" value={f.kind} onChange={set('kind')}>
            <option value="">全部类型</option>
            {COMPLIANCE_EVENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {COMPLIANCE_EVENT_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="st-label" htmlFor="cl-adviser">
            理财师
          </label>
          <select id="cl-adviser" className="st-select" value={f.adviser} onChange={set('adviser')}>
            <option value="">全部理财师</option>
            {options.data?.advisers.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="st-label" htmlFor="cl-product">
            产品
          </label>
          <select id="cl-product" className="st-select" value={f.product} onChange={set('product')}>
            <option value="">全部产品</option>
            {options.data?.products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="st-label" htmlFor="cl-customer">
            客户编号
          </label>
          <input
            id="cl-customer"
            className="st-input"
            inputMode="numeric"
            value={f.customer}
            onChange={set('customer')}
            placeholder="全部客户"
          />
        </div>
        <div>
          <label className="st-label" htmlFor="cl-from">
            开始日期
          </label>
          <input id="cl-from" className="st-input" type="date" value={f.from} onChange={set('from')} />
        </div>
        <div>
          <label className="st-label" htmlFor="cl-to">
            结束日期
          </label>
          <input id="cl-to" className="st-input" type="date" value={f.to} onChange={set('to')} />
        </div>
      </div>
      {options.status === 'failed' && <p className="st-error">筛选项加载失败：{options.error}</p>}
      {problem && (
        <p className="st-error" role="alert">
          {problem}
        </p>
      )}
      <div className="st-row">
        <button type="submit" className="st-btn">
          查询
        </button>
        <button
          type="button"
          className="st-btn st-btn--ghost"
          disabled={exporting.status === 'exporting'}
          onClick={() => dispatch(complianceExportRequested())}
        >
          {exporting.status === 'exporting' ? '导出中…' : '导出 CSV'}
        </button>
      </div>
      {exporting.status === 'failed' && (
        <p className="st-error" role="alert">
          {exporting.error}
        </p>
      )}
      {exporting.status === 'done' && (
        <p className="st-ok" role="status">
          已导出当前筛选的记录
        </p>
      )}
    </form>
  );
}

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

function EventRow({ e }: { e: ComplianceEvent }) {
  const dispatch = useAppDispatch();
  const applied = useAppSelector(selectComplianceFilter);
  const narrow = (patch: ComplianceFilterQuery) => dispatch(complianceFilterChanged({ ...applied, ...patch }));
  const reason = e.reason ? (COMPLIANCE_REASON_LABELS[e.reason] ?? e.reason) : null;
  return (
    <article className="st-card" data-event={e.id} data-kind={e.kind}>
      <div className="st-meta">
        <span className="st-tag">{COMPLIANCE_EVENT_LABELS[e.kind]}</span>
        <span className={`st-tag ${REFUSED.has(e.decision) ? 'st-tag--red' : 'st-tag--green'}`}>
          {COMPLIANCE_DECISION_LABELS[e.decision] ?? e.decision}
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

/** 合规记录: the compliance officer's trail of suitability checks, forwards, share links, reviews, policy hits and log reads. */
export default function ComplianceLogScreen() {
  const events = useDeskList('events');
  return (
    <main className="st-page">
      <FilterForm />
      <DeskList
        list={events.list}
        refresh={events.refresh}
        more={events.more}
        failedTitle="无法加载合规记录"
        empty={{ title: '没有符合条件的记录', description: '换个筛选条件看看' }}
      >
        {(e) => <EventRow key={e.id} e={e} />}
      </DeskList>
    </main>
  );
}
