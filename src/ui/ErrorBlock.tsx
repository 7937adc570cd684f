// Import per component from antd-mobile/es and build ErrorBlock from its factory: the package's
// default ErrorBlock pulls four inline illustrations we never show. The global file defines the
// kit's CSS variables that its component styles read.
import 'antd-mobile/es/global';
import { createErrorBlock } from 'antd-mobile/es/components/error-block/create-error-block';
import { ConstructionImage } from './illustrations';

const image = <ConstructionImage />;

/** antd-mobile ErrorBlock without the bundled images; always pass `image`, title and description. */
export const ErrorBlock = createErrorBlock({ default: image, busy: image, disconnected: image, empty: image });
