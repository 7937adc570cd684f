import type { Recorder } from './recorder';
import type { ActionLogRemote } from './remote';
import type { ActionLogServices } from './store/types';

import type { ServiceClient } from '@/api';
import { bindLazily } from '@/api/lazy';

/** The debug panel's and the viewer's outside world, built once by the app. */
export function createActionLogServices(recorder: Recorder, client: ServiceClient): ActionLogServices {
  const remote = bindLazily<ActionLogRemote>(
    () => import(/* webpackChunkName: "action-log-remote" */ './remote').then((m) => m.createActionLogRemote(client)),
    ['upload', 'fetch'],
  );
  return {
    exportLog: () => recorder.exportLog(),
    upload: (log, note) => remote.upload(log, note),
    fetch: (id) => remote.fetch(id),
    download(log, fileName) {
      const url = URL.createObjectURL(new Blob([JSON.stringify(log)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      document.body.appendChild(a);
      a.click();
      a.remove();
      // The click has started the download; the object URL is no longer needed.
      URL.revokeObjectURL(url);
    },
  };
}
