import Button from 'antd-mobile/es/components/button';
import { useEffect } from 'react';

import { diagnosticsOpened } from '../store/helpers-slice';
import { selectDiagnostics } from '../store/selectors';

import './helpers.css';

import { useAppDispatch, useAppSelector } from '@/store';

/** /test: what support asks for first (environment, context, version, what is stored, masked). */
export default function TestScreen() {
  const dispatch = useAppDispatch();
  const { status, report } = useAppSelector(selectDiagnostics);
  useEffect(() => {
    dispatch(diagnosticsOpened());
  }, [dispatch]);

  if (!report) {
    return (
      <main className="helper" aria-busy="true">
        <h1>诊断信息</h1>
        <p className="helper__hint">正在收集…</p>
      </main>
    );
  }
  return (
    <main className="helper">
      <h1>诊断信息</h1>
      <table className="helper__table" aria-label="运行环境">
        <tbody>
          <tr>
            <th>环境</th>
            <td>{report.environment}</td>
          </tr>
          <tr>
            <th>运行场景</th>
            <td>{report.context}</td>
          </tr>
          <tr>
            <th>版本</th>
            <td>{report.version}</td>
          </tr>
          <tr>
            <th>User-Agent</th>
            <td>{report.userAgent}</td>
          </tr>
        </tbody>
      </table>
      <h2>本地存储</h2>
      <p className="helper__hint">只显示首尾各两位，便于核对而不泄露内容。</p>
      <table className="helper__table" aria-label="本地存储">
        <tbody>
          {report.keys.map((k) => (
            <tr key={k.key}>
              <th>{k.key}</th>
              <td>{k.masked === null ? '（未存储）' : `${k.masked}（${k.length}位）`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="helper__actions">
        <Button block loading={status === 'loading'} onClick={() => void dispatch(diagnosticsOpened())}>
          刷新
        </Button>
      </div>
    </main>
  );
}
