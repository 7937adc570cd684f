import { useEffect } from 'react';

import { shareMenuConfigured, shareMenuHidden } from '../store/session-slice';
import type { ShareMenu } from '../store/types';

import { useAppDispatch } from '@/store';

/**
 * A screen's share menu (docs/rules/states.md#share-menus): `null` hides it; otherwise title, description and optional
 * link (default: this page), image and timeline title. The session saga does the rest.
 */
export function useShareMenu(menu: ShareMenu | null) {
  const dispatch = useAppDispatch();
  const { title, desc, link, imgUrl, timelineTitle } = menu ?? {};
  const hidden = menu === null;
  useEffect(() => {
    if (hidden || title === undefined || desc === undefined) dispatch(shareMenuHidden());
    else dispatch(shareMenuConfigured({ title, desc, link, imgUrl, timelineTitle }));
  }, [dispatch, hidden, title, desc, link, imgUrl, timelineTitle]);
}

/** The same as an element, for screens that know their menu only inside a render prop. */
export function ShareMenuSetup(props: ShareMenu) {
  useShareMenu(props);
  return null;
}
