import { selectExporting, selectFilterOptions } from '../store/selectors';
import { complianceExportRequested } from '../store/staff-slice';
import { ComplianceFilterGrid } from './ComplianceFilterGrid';
import { useComplianceFilterForm } from './use-compliance-filter-form';

import { useAppDispatch, useAppSelector } from '@/store';

/** 合规记录's filter: the fields, 查询 and the CSV export of what the filter shows. */
export function ComplianceFilterForm() {
  const dispatch = useAppDispatch();
  const options = useAppSelector(selectFilterOptions);
  const exporting = useAppSelector(selectExporting);
  const { f, set, apply, problem } = useComplianceFilterForm();
  return (
    <form className="st-filters" onSubmit={apply} aria-label="筛选">
      <ComplianceFilterGrid f={f} set={set} options={options.data} />
      {options.status === 'failed' && <p className="st-error">筛选项加载失败：{options.error}</p>}
      {problem && (
        <p className="st-error" role="alert">
          {problem}
        </p>
      )}
      <div className="st-row">
        <button type="submit" className="ui-btn">
          查询
        </button>
        <button
          type="button"
          className="ui-btn ui-btn--ghost"
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
