import { Suspense } from 'react';
import { lazyScreen } from '../../lib/lazy-screen';
import type { PaymentSheetProps } from './payment-sheet';

// The sheet and its form load when someone starts paying, never with the screen that offers it.
const Sheet = lazyScreen(async () => ({ default: (await import('./payment-sheet')).PaymentSheet }));

/** The payment sheet, fetched on first use. */
export function LazyPaymentSheet(props: PaymentSheetProps) {
  return (
    <Suspense fallback={null}>
      <Sheet {...props} />
    </Suspense>
  );
}
