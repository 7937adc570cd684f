import { CardDetailView } from '../components/customer/CardDetailView';

/** See CardContext for what this screen adds beside the card's evidence. */
export default function PerspectiveDetailScreen() {
  return <CardDetailView variant="perspective" />;
}
