import { selectClueQueue } from '../store/workbench-selectors';
import { clueQueueFlushRequested } from '../store/workbench-slice';

import { useAppDispatch, useAppSelector } from '@/store';

/** Handling results still queued (waiting for the network, or failed), with a button to send them again. */
export function QueueBanner() {
  const dispatch = useAppDispatch();
  const queue = useAppSelector(selectClueQueue);
  const waiting = queue.filter((q) => q.status !== 'failed').length;
  const failed = queue.filter((q) => q.status === 'failed').length;
  if (waiting + failed === 0) return null;
  return (
    <div className="mk-banner" role="status" data-testid="queue-banner">
      <span>
        {waiting > 0 && `${waiting} 条处理结果待发送，网络恢复后自动发送`}
        {failed > 0 && `${waiting > 0 ? '；' : ''}${failed} 条提交失败`}
      </span>
      <button type="button" onClick={() => dispatch(clueQueueFlushRequested())}>
        重新发送
      </button>
    </div>
  );
}
