// The tracking feature's public surface. Other features ask for an event by dispatching
// trackingEventRequested (handled in this feature's saga) instead of calling into it.
export { createTrackingServices } from './browser-services';
export { PageViewTracker } from './components/PageViewTracker';
export { appErrorReporter } from './errors/reporter';
export { trackingSaga } from './store/tracking-saga';
export { selectTrackingState, trackingEventRequested } from './store/tracking-slice';
