// Placeholder until the invitation feature builds this screen: replace this file (see src/app/router/README.md).
import { routes } from '@/routes';
import ComingSoon from '../../../ui/ComingSoon';

export default function DownloadScreen() {
  return <ComingSoon title={routes.download.title} homeHref={routes.home.getHref()} />;
}
