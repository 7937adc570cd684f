import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

import { parseIsoDate } from '../../../lib/format';
import { homeListOpened } from '../store/lives-slice';
import { selectHomeList } from '../store/selectors';
import { useListReturn } from './use-list-return';

import { trackingEventRequested } from '@/features/tracking';
import { useAppDispatch, useAppSelector } from '@/store';

/** The live list of the address's viewer and date: rewrites a bare address, opens the list unless back keeps it. */
export function useHomeList() {
  const [params, setParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectHomeList);
  const uuid = params.get('uuid')?.trim() ?? '';
  const date = parseIsoDate(params.get('date'));
  const hasFrom = params.has('from');

  const { pathname } = useLocation();
  // An address without `from` is rewritten with from=weapp (docs/rules/routes-and-screens.md#home). Only while the
  // browser still shows the list: a back pressed before the list had rendered has already left it, and a rewrite then
  // would replace the page the person went back to with the list. (A memory router, the replay's frame, has no
  // address of its own to rewrite.)
  useEffect(() => {
    if (!hasFrom && window.location.pathname === pathname) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('from', 'weapp');
          return next;
        },
        { replace: true },
      );
    }
  }, [hasFrom, pathname, setParams]);

  const search = params.toString();
  const loaded = list.status === 'succeeded' && list.query?.uuid === uuid && list.query?.date === date;
  const returning = useListReturn(search, loaded);
  const keepPages = useRef(returning && loaded).current;
  // No uuid is no dead end; the saga lists for the signed-in user or this device.
  // Item 5: back to the list keeps the pages already loaded (and useListReturn restores the scroll).
  useEffect(() => {
    if (keepPages) return;
    dispatch(homeListOpened({ uuid, date }));
    // Own tracking (docs/rules/services.md#own-tracking): one page event per opened list.
    dispatch(trackingEventRequested({ name: 'live_list_view', data: { uuid, date: date ?? '' } }));
  }, [dispatch, uuid, date, keepPages]);

  return list;
}
