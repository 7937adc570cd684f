import { CardDetailView } from '../components/CardDetailView';

/** See CardContext for what this screen adds beside the card's evidence. */
export default function TouguFundDetailScreen() {
  return <CardDetailView variant="tougu" />;
}
