import { type ComponentType, createContext } from 'react';

/**
 * The app's screens (AppRoutes), provided by App. The replay viewer renders them on a
 * replayed state; it reads them from here because the router is what loads the viewer's chunk,
 * and an import back would close a circle.
 */
export const AppRoutesContext = createContext<ComponentType | null>(null);
