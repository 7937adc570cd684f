import { useEffect } from 'react';

import { CategoriesSection } from '../components/CategoriesSection';
import { DemotionsSection } from '../components/DemotionsSection';
import { ThresholdsSection } from '../components/ThresholdsSection';
import { settingsNoticeDismissed, settingsRequested } from '../store/pages-slice';
import { selectSettings } from '../store/workbench-selectors';

import '../../shared/components/marketing.css';

import { ListSkeleton, Toast } from '@/features/marketing/shared';
import { useAppDispatch, useAppSelector } from '@/store';
import { RetryBlock } from '@/ui/RetryBlock';

/** 商机设置: thresholds, categories on/off, daily cap and the learned demotions (each change saved at once, rolled back on failure). */
export default function ConfigScreen() {
  const dispatch = useAppDispatch();
  const settings = useAppSelector(selectSettings);
  useEffect(() => {
    dispatch(settingsRequested());
  }, [dispatch]);
  const s = settings.shown;

  if (!s) {
    return (
      <main className="mk-page">
        {settings.status === 'failed' ? (
          <RetryBlock
            title="设置加载失败"
            description={settings.error?.message}
            onRetry={() => void dispatch(settingsRequested())}
          />
        ) : (
          <ListSkeleton rows={3} label="正在加载设置" />
        )}
      </main>
    );
  }

  return (
    <main className="mk-page">
      <ThresholdsSection thresholds={s.thresholds} saving={settings.saving} />
      <CategoriesSection enabled={s.enabled_categories} />
      <DemotionsSection demotions={s.demotions} />
      {settings.notice && <Toast text={settings.notice} onClose={() => dispatch(settingsNoticeDismissed())} />}
    </main>
  );
}
