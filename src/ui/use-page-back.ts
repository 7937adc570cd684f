import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Back for a page header: the previous in-app page, or home when this page was the first one
 * opened (a shared link in a chat app), where history.back() would leave the app or do nothing.
 */
export function usePageBack(homeHref: string): { back: () => void; goHome: () => void } {
  const navigate = useNavigate();
  // React Router gives the first location of a session the key "default".
  const isFirstPage = useLocation().key === 'default';
  const goHome = useCallback(() => navigate(homeHref), [navigate, homeHref]);
  const back = useCallback(() => {
    if (isFirstPage) navigate(homeHref, { replace: true });
    else navigate(-1);
  }, [isFirstPage, navigate, homeHref]);
  return { back, goHome };
}
