import {
  customerDeliveryClosed,
  customerMessageRequested,
  type MessageDelivery,
  type ReachTarget,
} from '../store/reach-slice';

import { useAppDispatch } from '@/store';

/** A message WeCom did not deliver: what, why, and 重试 (the chooser again, that material first). */
export function Undelivered(props: {
  target: ReachTarget;
  customerId: number;
  productIds: number[];
  d: MessageDelivery;
}) {
  const dispatch = useAppDispatch();
  const { target, d } = props;
  return (
    <div className="mk-reach__ask mk-reach__undelivered" role="alert" data-delivery="undelivered">
      <p>
        <strong>未送达</strong>《{d.title}》：{d.reason}
      </p>
      <div className="mk-actions">
        <button
          type="button"
          className="mk-primary"
          onClick={() =>
            dispatch(
              customerMessageRequested({
                target,
                customerId: props.customerId,
                productIds: props.productIds,
                ...(d.retry ? { prefer: d.retry } : {}),
              }),
            )
          }
        >
          重试
        </button>
        <button type="button" onClick={() => dispatch(customerDeliveryClosed({ target }))}>
          知道了
        </button>
      </div>
    </div>
  );
}
