import type { Reducer } from '@reduxjs/toolkit';
import { useState } from 'react';

import { FIXTURE_NAME, regressionFixture } from '../fixture';
import type { ActionLog } from '../log-format';
import { replayLog } from '../replay';

type Saved =
  { status: 'idle' } | { status: 'saving' } | { status: 'saved'; text: string } | { status: 'failed'; text: string };

/**
 * "保存为回归测试": the open log, where it ended and its final state's key facts, written into the replay
 * suite's folder by the local server (this machine's checkout); where that cannot be, downloaded as the file.
 */
export function SaveAsTest({ log, reducer, source }: { log: ActionLog; reducer: Reducer; source: string }) {
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<Saved>({ status: 'idle' });
  const valid = FIXTURE_NAME.test(name);

  const save = async () => {
    setSaved({ status: 'saving' });
    const fixture = regressionFixture(
      log,
      replayLog(log, reducer).state,
      `${source}：${log.context.userAgentClass} · ${log.entries.length} 步，回放到最后`,
    );
    try {
      const res = await fetch('/__action-logs/regression-tests', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, fixture }),
      });
      const body = (await res.json().catch(() => ({}))) as { file?: string; error?: { message?: string } };
      if (res.ok && body.file) {
        setSaved({ status: 'saved', text: `已写入 ${body.file}（${Object.keys(fixture.expect).length} 个状态值）` });
        return;
      }
      if (res.status === 409 || res.status === 400) {
        setSaved({ status: 'failed', text: body.error?.message ?? `保存失败（HTTP ${res.status}）` });
        return;
      }
    } catch {
      // No local server to write into: the file is downloaded instead (below).
    }
    const url = URL.createObjectURL(new Blob([JSON.stringify(fixture, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${name}.json`;
    a.click();
    URL.revokeObjectURL(url);
    setSaved({ status: 'saved', text: `已下载 ${name}.json：放进 __tests__/replays/ 即成为回归测试` });
  };

  return (
    <form
      className="replay__save"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) void save();
      }}
    >
      <label>
        回归测试名称
        <input
          value={name}
          onChange={(e) => setName(e.target.value.trim())}
          placeholder="例如 live-detail-blank"
          aria-invalid={name !== '' && !valid}
        />
      </label>
      <button type="submit" disabled={!valid || saved.status === 'saving'}>
        {saved.status === 'saving' ? '正在保存…' : '保存为回归测试'}
      </button>
      {name !== '' && !valid && <p className="replay__error">名称只能用小写字母、数字和连字符</p>}
      {saved.status === 'saved' && <p role="status">{saved.text}</p>}
      {saved.status === 'failed' && (
        <p className="replay__error" role="alert">
          {saved.text}
        </p>
      )}
    </form>
  );
}
