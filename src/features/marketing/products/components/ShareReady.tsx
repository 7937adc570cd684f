import { type ProductShareEntry, productShareReset, productShareSendRequested } from '../store/product-share-slice';

import { ShareMenuSetup } from '@/features/session';
import { useAppDispatch } from '@/store';

type Props = { share: ProductShareEntry; link: string; shareKey: string; ownsMenu: boolean; onOtherCustomer(): void };

/** A signed link made for one customer: whom it is for, the link, send it or pick another customer. */
export function ShareReady({ share, link, shareKey, ownsMenu, onOtherCustomer }: Props) {
  const dispatch = useAppDispatch();
  return (
    <>
      {ownsMenu && <ShareMenuSetup title={share.title} desc={share.desc} link={link} />}
      <p className="pd-share__for">
        已为 <strong>{share.customerName}</strong> 生成分享页（他人打开只能看到产品概况与风险提示）
      </p>
      <div className="pd-share__link" aria-label="分享链接">
        {link}
      </div>
      <div className="mk-actions">
        <button
          type="button"
          className="mk-primary"
          disabled={share.send === 'sending'}
          onClick={() => dispatch(productShareSendRequested({ key: shareKey }))}
        >
          {share.send === 'sending' ? '发送中…' : '发送给客户'}
        </button>
        <button
          type="button"
          disabled={share.send === 'sending'}
          onClick={() => {
            dispatch(productShareReset({ key: shareKey }));
            onOtherCustomer();
          }}
        >
          换一位客户
        </button>
      </div>
      <div className="pd-chart__note">
        链接 7 天内有效；页面附风险提示与您的从业资格编号。发送成功后计入该客户今日联系次数，未发送或取消不计。
      </div>
    </>
  );
}
