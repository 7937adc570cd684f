import type { ComplianceFilterFields } from './use-compliance-filter-form';

import { COMPLIANCE_EVENT_KINDS, COMPLIANCE_EVENT_LABELS } from '@/api/contract/compliance-events';
import type { ComplianceFilterOptions } from '@/api/contract/compliance-trail';

interface FieldsProps {
  f: ComplianceFilterFields;
  set: (k: keyof ComplianceFilterFields) => (e: { target: { value: string } }) => void;
  options: ComplianceFilterOptions | null;
}

/** The six filters: event type, adviser, product, customer number and the date range. */
export function ComplianceFilterGrid({ f, set, options }: FieldsProps) {
  return (
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
          {options?.advisers.map((a) => (
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
          {options?.products.map((p) => (
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
  );
}
