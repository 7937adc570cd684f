/**
 * The UI kit's confirm dialog, in its own lazy chunk (it brings the kit's animation library).
 * antd-mobile 5 renders imperative dialogs with the React 18 API; React 19 needs its render
 * set to createRoot once (antd-mobile's documented "v5 for 19" compatibility step).
 */
import Dialog from 'antd-mobile/es/components/dialog';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot } from 'react-dom/client';

unstableSetRender((node, container) => {
  const holder = container as Element & { __customerRoot?: ReturnType<typeof createRoot> };
  holder.__customerRoot ??= createRoot(container);
  holder.__customerRoot.render(node);
  return async () => {
    holder.__customerRoot?.unmount();
    delete holder.__customerRoot;
  };
});

export interface ConfirmCopy {
  title: string;
  content: string;
  confirmText: string;
  cancelText: string;
}

export function confirm(copy: ConfirmCopy): Promise<boolean> {
  return Dialog.confirm(copy);
}
