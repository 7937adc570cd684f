import DatePicker from 'antd-mobile/es/components/date-picker';
import { useState } from 'react';

import { businessDate } from '@/api/contract/dates';
import { SNOOZE_MAX_DAYS, snoozeDateProblem } from '@/api/contract/snooze';
import { Sheet } from '@/features/marketing/shared';

const CHOICES: ReadonlyArray<readonly [string, number]> = [
  ['明天', 1],
  ['3 天后', 3],
  ['下周', 7],
];

/** The picker works in the phone's own calendar: a business day as that calendar's midnight, and back. */
const pickerDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};
const dayOf = (picked: Date) =>
  `${picked.getFullYear()}-${String(picked.getMonth() + 1).padStart(2, '0')}-${String(picked.getDate()).padStart(2, '0')}`;

/** 暂缓: tomorrow, in 3 days, next week, or a day the adviser picks (tomorrow to 90 days ahead). */
export function SnoozeSheet({
  who,
  now,
  onSubmit,
  onClose,
}: {
  who: string;
  now: number;
  onSubmit(until: string): void;
  onClose(): void;
}) {
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (until: string) => {
    const refused = snoozeDateProblem(until, now);
    setProblem(refused);
    if (!refused) onSubmit(until);
  };
  return (
    <Sheet title={`暂缓 · ${who}`} onClose={onClose}>
      <p className="mk-card__more">到期或客户有新动态时，商机会重新出现。</p>
      <div className="mk-options">
        {CHOICES.map(([label, days]) => (
          <button key={days} type="button" className="mk-chip" onClick={() => choose(businessDate(now, days))}>
            {label}（{businessDate(now, days).slice(5)}）
          </button>
        ))}
        <button type="button" className="mk-chip" data-testid="snooze-custom" onClick={() => setPicking(true)}>
          自定义日期
        </button>
      </div>
      {problem && <p role="alert">{problem}</p>}
      <DatePicker
        visible={picking}
        title={`暂缓到（${SNOOZE_MAX_DAYS} 天内）`}
        precision="day"
        min={pickerDay(businessDate(now, 1))}
        max={pickerDay(businessDate(now, SNOOZE_MAX_DAYS))}
        defaultValue={pickerDay(businessDate(now, 14))}
        confirmText="确定"
        cancelText="取消"
        onClose={() => setPicking(false)}
        onConfirm={(picked) => choose(dayOf(picked))}
        renderLabel={(type, data) => (type === 'year' ? `${data}年` : type === 'month' ? `${data}月` : `${data}日`)}
      />
      <div className="mk-actions">
        <button type="button" onClick={onClose}>
          取消
        </button>
      </div>
    </Sheet>
  );
}
