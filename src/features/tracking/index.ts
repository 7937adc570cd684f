// The tracking feature's public surface. Other features ask for an event by dispatching
// trackingEventRequested (handled in this feature's saga) instead of calling into it.
export { trackingSaga } from './store/trackingSaga';
export { injectedTrackingSlice, trackingEventRequested } from './store/trackingSlice';
export type { TrackingServices } from './services';
export { createTrackingServices } from './browserServices';
export { appErrorReporter, createErrorReporter, type ErrorReporter, type ReportContext } from './errors/reporter';
export { PageViewTracker } from './components/PageViewTracker';
