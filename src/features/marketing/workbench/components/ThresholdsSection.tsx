import { useEffect, useState } from 'react';

import { settingsChangeRequested } from '../store/pages-slice';

import type { RuleThresholds } from '@/api/contract/market-map';
import { useAppDispatch } from '@/store';

/** Each threshold: label, unit and the contract's bounds. */
const FIELDS: Array<[keyof RuleThresholds, string, string, number, number]> = [
  ['inflow_min', '资金流入提醒', '元', 0, 100_000_000],
  ['outflow_min', '资金流出提醒', '元', 0, 100_000_000],
  ['large_change_min', '大额资金变动', '元', 0, 1_000_000_000],
  ['nav_fall_pct', '净值下跌预警', '%', 1, 50],
  ['nav_fall_days', '净值观察期', '个交易日', 1, 30],
  ['maturity_days', '产品到期提前', '天', 1, 60],
  ['watch_minutes', '观看直播满', '分钟', 1, 240],
  ['read_seconds', '阅读素材满', '秒', 1, 3600],
  ['daily_cap', '每日商机上限', '条', 1, 500],
];

function ThresholdField({
  name,
  label,
  unit,
  min,
  max,
  value,
  onSave,
}: {
  name: string;
  label: string;
  unit: string;
  min: number;
  max: number;
  value: number;
  onSave(v: number): void;
}) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const n = Number(text);
  const valid = text !== '' && Number.isInteger(n) && n >= min && n <= max;
  return (
    <div className="mk-field">
      <span>
        {label}
        {!valid && (
          <small style={{ color: 'var(--app-color-danger)', display: 'block' }}>
            请输入 {min}–{max} 的整数
          </small>
        )}
      </span>
      <input
        type="number"
        inputMode="numeric"
        aria-label={label}
        name={name}
        min={min}
        max={max}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => valid && n !== value && onSave(n)}
      />
      <small style={{ width: 48, color: 'var(--app-color-text-weak)' }}>{unit}</small>
    </div>
  );
}

/** 提醒阈值: one field per threshold, each saved when it loses focus with a valid new value. */
export function ThresholdsSection({ thresholds, saving }: { thresholds: RuleThresholds; saving: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <section className="mk-section" aria-label="提醒阈值">
      <h3>提醒阈值{saving ? ' · 保存中…' : ''}</h3>
      {FIELDS.map(([key, label, unit, min, max]) => (
        <ThresholdField
          key={key}
          name={key}
          label={label}
          unit={unit}
          min={min}
          max={max}
          value={thresholds[key]}
          onSave={(v) =>
            dispatch(settingsChangeRequested({ change: { thresholds: { [key]: v } }, notice: `「${label}」已保存` }))
          }
        />
      ))}
    </section>
  );
}
