// Import per component from antd-mobile/es and build ErrorBlock from its factory: the package's
// default ErrorBlock pulls four inline illustrations we never show. The global file defines the
// kit's CSS variables that its component styles read.
import { createErrorBlock } from 'antd-mobile/es/components/error-block/create-error-block';

import { ConstructionImage, DisconnectedImage, EmptyImage, LostImage } from './illustrations';

import 'antd-mobile/es/global';

/** antd-mobile ErrorBlock with small local SVGs per status instead of its ~35 KB of bundled images. */
export const ErrorBlock = createErrorBlock({
  default: <LostImage />,
  busy: <ConstructionImage />,
  disconnected: <DisconnectedImage />,
  empty: <EmptyImage />,
});
