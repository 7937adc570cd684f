/** The bar fixed at the foot: how many are picked (or a jump to the list), and 发送. */
export function MaterialSendBar({ count, busy, onSend }: { count: number; busy: boolean; onSend(): void }) {
  return (
    <div className="mt-send">
      <span>
        {count ? (
          `已选 ${count} 位`
        ) : (
          <button
            type="button"
            className="mt-link"
            onClick={() => document.getElementById('recipients')?.scrollIntoView({ behavior: 'smooth' })}
          >
            选择客户 ↓
          </button>
        )}
      </span>
      <button type="button" disabled={!count || busy} onClick={onSend}>
        {busy ? '发送中…' : '发送'}
      </button>
    </div>
  );
}
