import { useCallback, useRef } from 'react';
import { t } from '../../lib/i18n';
import type { Purchase } from '../../lib/queries/payments';
import { Modal } from '../ui/modal';
import { PaymentForm } from './payment-form';

export interface PaymentSheetProps {
  purchase: Purchase;
  onClose: () => void;
  /** The success view's button; by default it closes the sheet. */
  onDone?: () => void;
  doneLabel?: string;
  /** Where a hosted checkout is opened; replaced in tests. */
  onRedirect?: (url: string) => void;
}

const titles = {
  subscribe: 'vip.sheet.titleSubscribe',
  stories: 'vip.sheet.titleStories',
  verification: 'vip.sheet.titleVerification',
} as const;

/**
 * The payment form in a sheet over the page (a bottom sheet on phones, a dialog on wider screens):
 * focus stays inside, Escape closes it except while a payment is on its way, and closing it drops
 * whatever card was typed (the form unmounts with it).
 */
export function PaymentSheet({ purchase, onClose, onDone, doneLabel, onRedirect }: PaymentSheetProps) {
  const busy = useRef(false);
  const close = useCallback(() => {
    if (!busy.current) onClose();
  }, [onClose]);
  const onBusyChange = useCallback((value: boolean) => {
    busy.current = value;
  }, []);

  return (
    <Modal title={t(titles[purchase.kind])} onClose={close} testId="payment-sheet">
      <PaymentForm purchase={purchase} onDone={onDone ?? onClose} doneLabel={doneLabel} onBusyChange={onBusyChange} onRedirect={onRedirect} />
    </Modal>
  );
}
