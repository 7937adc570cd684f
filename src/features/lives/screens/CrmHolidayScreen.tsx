import { TopicView } from './TopicView';

/** 理财师节专场. */
export default function CrmHolidayScreen() {
  return <TopicView topic="crmHoliday" />;
}
