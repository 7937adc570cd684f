import type { ReactNode } from 'react';

/** A bottom sheet over the workbench: its title, its content, closed by a tap on the mask. */
export function Sheet({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  return (
    // A tap on the mask (not inside the sheet) closes it; keyboard users close it with its own 取消 button.
    <div className="mk-sheet-mask" role="presentation" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="mk-sheet" role="dialog" aria-modal="true" aria-label={title}>
        <h2>{title}</h2>
        {children}
      </div>
    </div>
  );
}

/** A sheet's foot: 取消 closes it; the primary button does the sheet's one thing once the form allows it. */
export function SheetActions({
  label,
  disabled,
  onConfirm,
  onClose,
}: {
  label: string;
  disabled: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <div className="mk-actions">
      <button type="button" onClick={onClose}>
        取消
      </button>
      <button type="button" className="mk-primary" disabled={disabled} onClick={onConfirm}>
        {label}
      </button>
    </div>
  );
}
