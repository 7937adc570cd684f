/** One line of feedback after an action; stays until dismissed or replaced (no timers in screens). */
export function Toast({ text, onClose }: { text: string; onClose(): void }) {
  return (
    <div className="mk-toast" role="status" aria-live="polite">
      <span>{text}</span>
      <button type="button" onClick={onClose}>
        知道了
      </button>
    </div>
  );
}

export function ListSkeleton({ rows = 4, label }: { rows?: number; label: string }) {
  return (
    <div className="mk-skeleton" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} />
      ))}
    </div>
  );
}
