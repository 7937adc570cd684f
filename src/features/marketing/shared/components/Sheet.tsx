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
