import { TopicView } from './TopicView';

/** 私募基金专区（合格投资者确认后展示）. */
export default function HedgeFundScreen() {
  return <TopicView topic="hedgeFund" />;
}
