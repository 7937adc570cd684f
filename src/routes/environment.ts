import { isTopWindow } from './guard';

/** What the guard needs to know about the browser; one place to read it (and to fake it in tests). */
export interface GuardEnvironment {
  userAgent: string;
  maxTouchPoints: number;
  isTopWindow: boolean;
  origin: string;
}

/** A phone on the server's side of a render: the server renders only what the guard lets a phone see (server/ssr). */
const SERVER_RENDER: GuardEnvironment = {
  userAgent: 'Mobile (server render)',
  maxTouchPoints: 5,
  isTopWindow: true,
  origin: '',
};

export function readGuardEnvironment(): GuardEnvironment {
  if (typeof window === 'undefined') return SERVER_RENDER;
  return {
    userAgent: window.navigator.userAgent,
    maxTouchPoints: window.navigator.maxTouchPoints ?? 0,
    isTopWindow: isTopWindow(),
    origin: window.location.origin,
  };
}
