import { deeplinkWakeRequested } from '../deeplink';

import './OpenInAppBar.css';

import { useAppDispatch } from '@/store';

/**
 * Guarded share/detail screens opened with a `deeplink` parameter offer to continue in the
 * app (docs/rules/routes-and-screens.md#navigation-guard, docs/rules/services.md#deeplink). Waking is a tap, never automatic: an automatic wake would send a
 * reader without the app to the download page while they are reading.
 */
export default function OpenInAppBar({ deeplink, downloadHref }: { deeplink: string; downloadHref: string }) {
  const dispatch = useAppDispatch();
  return (
    <div className="open-in-app" role="region" aria-label="在APP中打开">
      <span className="open-in-app__text">在APP中查看完整内容</span>
      <button
        type="button"
        className="open-in-app__button"
        onClick={() => void dispatch(deeplinkWakeRequested({ key: deeplink, downloadUrl: downloadHref }))}
      >
        打开APP
      </button>
    </div>
  );
}
