import { type FormEvent, useEffect, useState } from 'react';

import { selectComplianceFilter } from '../store/selectors';
import { complianceFilterChanged, complianceFiltersRequested } from '../store/staff-slice';

import type { ComplianceEventKind } from '@/api/contract/compliance-events';
import type { ComplianceFilterQuery } from '@/api/contract/compliance-trail';
import { useAppDispatch, useAppSelector } from '@/store';

const toId = (v: string) => (/^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** The filter form's fields, as typed. */
export interface ComplianceFilterFields {
  kind: string;
  adviser: string;
  customer: string;
  product: string;
  from: string;
  to: string;
}

/** The form's fields as text; what is applied is the store's filter (the saga reloads on each change). */
export function useComplianceFilterForm() {
  const dispatch = useAppDispatch();
  const applied = useAppSelector(selectComplianceFilter);
  const [f, setF] = useState<ComplianceFilterFields>({
    kind: '',
    adviser: '',
    customer: '',
    product: '',
    from: '',
    to: '',
  });
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
  const set = (k: keyof ComplianceFilterFields) => (e: { target: { value: string } }) =>
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
  return { f, set, apply, problem };
}
