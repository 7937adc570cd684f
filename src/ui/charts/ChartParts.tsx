// The shell's small parts: the failure box with its retry and the period tabs under the drawing.
import { MAIN } from './chart-model';
import { type ChartPeriod, PERIOD_LABELS } from './periods';

export function ChartFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      style={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'var(--app-color-text-secondary)',
        fontSize: 14,
      }}
    >
      图表加载失败
      <button type="button" onClick={onRetry} style={{ minHeight: 44, minWidth: 88, marginTop: 8 }}>
        重试
      </button>
    </div>
  );
}

export function PeriodTabs({
  periods,
  period,
  onChoose,
}: {
  periods: readonly ChartPeriod[];
  period: ChartPeriod;
  onChoose: (p: ChartPeriod) => void;
}) {
  return (
    <div role="tablist" style={{ display: 'flex', justifyContent: 'space-between', gap: 4, marginTop: 8 }}>
      {periods.map((p) => (
        <button
          key={p}
          type="button"
          role="tab"
          aria-selected={p === period}
          onClick={() => onChoose(p)}
          style={{
            flex: 1,
            minHeight: 44,
            // Five periods on a 320 px phone: one line each ("成立以来" wrapped in two).
            padding: '0 2px',
            whiteSpace: 'nowrap',
            border: 'none',
            borderRadius: 6,
            fontSize: 13,
            background: p === period ? '#fdecee' : 'transparent',
            color: p === period ? MAIN : '#555',
            fontWeight: p === period ? 600 : 400,
          }}
        >
          {PERIOD_LABELS[p]}
        </button>
      ))}
    </div>
  );
}
