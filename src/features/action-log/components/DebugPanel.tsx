import { useState } from 'react';

import { actionLogDownloadRequested, actionLogPanelClosed, actionLogReportRequested } from '../store/action-log-slice';
import { selectActionLogDownload, selectActionLogReport } from '../store/selectors';

import './DebugPanel.css';

import { useAppDispatch, useAppSelector } from '@/store';

/** The small "report a problem" panel: download the log, or send it and read out the id. */
export default function DebugPanel() {
  const dispatch = useAppDispatch();
  const report = useAppSelector(selectActionLogReport);
  const download = useAppSelector(selectActionLogDownload);
  const [note, setNote] = useState('');
  const sending = report.status === 'sending';

  return (
    <aside className="action-log-panel" role="dialog" aria-label="问题反馈">
      <header className="action-log-panel__head">
        <strong>问题反馈</strong>
        <button
          type="button"
          className="action-log-panel__close"
          aria-label="关闭"
          onClick={() => dispatch(actionLogPanelClosed())}
        >
          ×
        </button>
      </header>
      <p className="action-log-panel__hint">日志只含操作记录，手机号、证件号、姓名、令牌等已替换为占位符。</p>
      <label className="action-log-panel__label">
        发生了什么（可选）
        <textarea
          value={note}
          maxLength={500}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
          placeholder="例如：点了忽略后列表变空白"
        />
      </label>
      <div className="action-log-panel__actions">
        <button type="button" disabled={sending} onClick={() => dispatch(actionLogReportRequested({ note }))}>
          {sending ? '正在发送…' : '发送日志'}
        </button>
        <button type="button" onClick={() => dispatch(actionLogDownloadRequested())}>
          下载日志
        </button>
      </div>
      {report.status === 'sent' && report.id && (
        <p className="action-log-panel__result" role="status">
          已发送，日志编号 <b data-testid="action-log-id">{report.id}</b>，请告诉技术支持。
        </p>
      )}
      {report.status === 'failed' && (
        <p className="action-log-panel__error" role="alert">
          发送失败：{report.error?.message ?? '请稍后重试'}（可再次点击发送，或下载日志后发给技术支持）
        </p>
      )}
      {download.fileName && <p className="action-log-panel__result">已下载 {download.fileName}</p>}
      {download.error && (
        <p className="action-log-panel__error" role="alert">
          {download.error}
        </p>
      )}
    </aside>
  );
}
