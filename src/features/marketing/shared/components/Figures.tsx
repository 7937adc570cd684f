import type { ReactNode } from 'react';

export interface Figure {
  value: ReactNode;
  label: ReactNode;
}

/** A row of headline numbers (今日数据, 货基存量, a live's effect): each a big value over its label. */
export function Figures({ className, label, items }: { className: string; label?: string; items: Figure[] }) {
  return (
    <div className={className} aria-label={label}>
      {items.map((f, i) => (
        <div key={i}>
          <strong>{f.value}</strong>
          <span>{f.label}</span>
        </div>
      ))}
    </div>
  );
}
