import { useState } from 'react';

import { selectAdviserSearch } from '../store/selectors';
import { bindingAdvisersSearched, memberReviewDecided } from '../store/staff-slice';

import type { ReviewUser } from '@/api/contract/invitation';
import { type RootState, useAppDispatch, useAppSelector } from '@/store';

/** Finding a financial adviser to bind an unbound member to. */
export function BindPicker({ m, disabled }: { m: ReviewUser; disabled: boolean }) {
  const dispatch = useAppDispatch();
  const search = useAppSelector((s: RootState) => selectAdviserSearch(s, m.memberId));
  const [keyword, setKeyword] = useState('');
  const id = `adviser-${m.memberId}`;
  return (
    <div>
      <label className="st-label" htmlFor={id}>
        绑定理财师（姓名或工号）
      </label>
      <div className="st-row" style={{ marginTop: 0, flexWrap: 'nowrap' }}>
        <input
          id={id}
          className="st-input"
          value={keyword}
          maxLength={32}
          disabled={disabled}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder="例如：王建国 或 E0001"
        />
        <button
          type="button"
          className="ui-btn ui-btn--small"
          disabled={disabled || !keyword.trim() || search?.status === 'searching'}
          onClick={() => dispatch(bindingAdvisersSearched({ memberId: m.memberId, keyword: keyword.trim() }))}
        >
          查找
        </button>
      </div>
      {search?.error && <p className="st-error">{search.error}</p>}
      <div className="st-row">
        {search?.list.map((a) => (
          <button
            key={a.employeeId}
            type="button"
            className="ui-btn ui-btn--ghost ui-btn--small"
            disabled={disabled}
            onClick={() =>
              dispatch(memberReviewDecided({ memberId: m.memberId, decision: 'bind', employeeId: a.employeeId }))
            }
          >
            绑定 {a.name}（{a.employeeId}）
          </button>
        ))}
      </div>
    </div>
  );
}
