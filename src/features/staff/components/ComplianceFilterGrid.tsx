import type { ReactNode } from 'react';

import type { ComplianceFilterFields } from './use-compliance-filter-form';

import { COMPLIANCE_EVENT_KINDS, COMPLIANCE_EVENT_LABELS } from '@/api/contract/compliance-events';
import type { ComplianceFilterOptions } from '@/api/contract/compliance-trail';

type OnChange = (e: { target: { value: string } }) => void;

interface FieldsProps {
  f: ComplianceFilterFields;
  set: (k: keyof ComplianceFilterFields) => OnChange;
  options: ComplianceFilterOptions | null;
}

/** The three filters by one of a list, in their order on the page. */
const CHOICES = [
  { key: 'kind', label: '类型', all: '全部类型' },
  { key: 'adviser', label: '理财师', all: '全部理财师' },
  { key: 'product', label: '产品', all: '全部产品' },
] as const;
const KINDS = COMPLIANCE_EVENT_KINDS.map((k) => ({ id: k, name: COMPLIANCE_EVENT_LABELS[k] }));

/** The six filters: event type, adviser, product, customer number and the date range. */
export function ComplianceFilterGrid({ f, set, options }: FieldsProps) {
  return (
    <div className="st-grid">
      {CHOICES.map((c) => (
        <Choice
          key={c.key}
          id={`cl-${c.key}`}
          label={c.label}
          all={c.all}
          value={f[c.key]}
          onChange={set(c.key)}
          choices={{ kind: KINDS, adviser: options?.advisers, product: options?.products }[c.key]}
        />
      ))}
      <Labelled id="cl-customer" label="客户编号">
        <input
          id="cl-customer"
          className="st-input"
          inputMode="numeric"
          value={f.customer}
          onChange={set('customer')}
          placeholder="全部客户"
        />
      </Labelled>
      <Labelled id="cl-from" label="开始日期">
        <input id="cl-from" className="st-input" type="date" value={f.from} onChange={set('from')} />
      </Labelled>
      <Labelled id="cl-to" label="结束日期">
        <input id="cl-to" className="st-input" type="date" value={f.to} onChange={set('to')} />
      </Labelled>
    </div>
  );
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label className="st-label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A filter by one of a list; 全部… (no filter) first. */
function Choice({
  id,
  label,
  all,
  value,
  onChange,
  choices,
}: {
  id: string;
  label: string;
  all: string;
  value: string;
  onChange: OnChange;
  choices: ReadonlyArray<{ id: string | number; name: string }> | undefined;
}) {
  return (
    <Labelled id={id} label={label}>
      <select id={id} className="st-select" value={value} onChange={onChange}>
        <option value="">{all}</option>
        {choices?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
