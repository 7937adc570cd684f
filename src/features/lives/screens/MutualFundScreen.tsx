import { TopicView } from './TopicView';

/** 公募基金专区. */
export default function MutualFundScreen() {
  return <TopicView topic="mutualFund" />;
}
