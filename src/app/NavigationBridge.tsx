import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

import type { Navigator } from './services';

/** Hands the router's navigate to the saga services once the router is mounted. */
export function NavigationBridge({ navigator }: { navigator: Navigator }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigator.current = (to, options) => void navigate(to, options);
    return () => {
      navigator.current = null;
    };
  }, [navigate, navigator]);
  return null;
}
