import { isTopWindow } from './guard';

/** What the guard needs to know about the browser; one place to read it (and to fake it in tests). */
export interface GuardEnvironment {
  userAgent: string;
  maxTouchPoints: number;
  isTopWindow: boolean;
  origin: string;
}

export function readGuardEnvironment(): GuardEnvironment {
  return {
    userAgent: window.navigator.userAgent,
    maxTouchPoints: window.navigator.maxTouchPoints ?? 0,
    isTopWindow: isTopWindow(),
    origin: window.location.origin,
  };
}
