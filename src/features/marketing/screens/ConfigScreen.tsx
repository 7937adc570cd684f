import Button from 'antd-mobile/es/components/button';
import { useEffect, useState } from 'react';

import { ListSkeleton, Toast } from '../components/Toast';
import { settingsChangeRequested, settingsNoticeDismissed, settingsRequested } from '../store/pages-slice';
import { selectSettings } from '../store/selectors';

import '../components/marketing.css';

import type { RuleThresholds } from '@/api/contract/market-map';
import { CHANCE_CATEGORY_NAMES } from '@/api/contract/market-map-constants';
import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';

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
const CATEGORY_IDS = [1, 2, 7, 3, 4, 8, 5, 6];

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
          <small style={{ color: '#e5484d', display: 'block' }}>
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
      <small style={{ width: 48, color: '#8f959e' }}>{unit}</small>
    </div>
  );
}

/** 商机设置: thresholds, categories on/off, daily cap and the learned demotions (each change saved at once, rolled back on failure). */
export default function ConfigScreen() {
  const dispatch = useAppDispatch();
  const settings = useAppSelector(selectSettings);
  useEffect(() => {
    dispatch(settingsRequested());
  }, [dispatch]);
  const s = settings.shown;

  if (!s) {
    return (
      <main className="mk-page">
        {settings.status === 'failed' ? (
          <ErrorBlock status="disconnected" title="设置加载失败" description={settings.error?.message}>
            <Button color="primary" onClick={() => void dispatch(settingsRequested())}>
              重试
            </Button>
          </ErrorBlock>
        ) : (
          <ListSkeleton rows={3} label="正在加载设置" />
        )}
      </main>
    );
  }
  const toggle = (id: number) => {
    const on = s.enabled_categories.includes(id);
    const next = on
      ? s.enabled_categories.filter((c) => c !== id)
      : [...s.enabled_categories, id].sort((a, b) => a - b);
    dispatch(
      settingsChangeRequested({
        change: { enabled_categories: next },
        notice: `已${on ? '关闭' : '开启'}「${CHANCE_CATEGORY_NAMES[id]}」`,
      }),
    );
  };

  return (
    <main className="mk-page">
      <section className="mk-section" aria-label="提醒阈值">
        <h3>提醒阈值{settings.saving ? ' · 保存中…' : ''}</h3>
        {FIELDS.map(([key, label, unit, min, max]) => (
          <ThresholdField
            key={key}
            name={key}
            label={label}
            unit={unit}
            min={min}
            max={max}
            value={s.thresholds[key]}
            onSave={(v) =>
              dispatch(settingsChangeRequested({ change: { thresholds: { [key]: v } }, notice: `「${label}」已保存` }))
            }
          />
        ))}
      </section>
      <section className="mk-section" aria-label="商机类别">
        <h3>商机类别</h3>
        {CATEGORY_IDS.map((id) => (
          <div className="mk-field" key={id}>
            <label>
              <input type="checkbox" checked={s.enabled_categories.includes(id)} onChange={() => toggle(id)} />
              {CHANCE_CATEGORY_NAMES[id]}
            </label>
          </div>
        ))}
      </section>
      <section className="mk-section" aria-label="已学习的排序调整">
        <h3>根据忽略反馈调整的排序</h3>
        {s.demotions.length === 0 && (
          <p className="mk-empty">暂无。多次以“客户无需求”等原因忽略同一类商机时，该类会排得靠后。</p>
        )}
        {s.demotions.map((d) => (
          <div className="mk-row" key={d.category_id}>
            <div className="mk-row__main">
              <div>「{d.name}」已降低排序</div>
              <div>
                近期忽略 {d.ignored_count} 次 · 评分 -{d.penalty}
              </div>
            </div>
            <button
              type="button"
              onClick={() =>
                dispatch(
                  settingsChangeRequested({
                    change: { clear_demotions: [d.category_id] },
                    notice: `已撤销「${d.name}」的排序调整`,
                  }),
                )
              }
            >
              撤销
            </button>
          </div>
        ))}
      </section>
      {settings.notice && <Toast text={settings.notice} onClose={() => dispatch(settingsNoticeDismissed())} />}
    </main>
  );
}
