import { lazy, Suspense } from 'react';
import type { PaymentSheetProps } from './payment-sheet';

// The sheet and its form load when someone starts paying, never with the screen that offers it.
const Sheet = lazy(async () => ({ default: (await import('./payment-sheet')).PaymentSheet }));

/** The payment sheet, fetched on first use. */
export function LazyPaymentSheet(props: PaymentSheetProps) {
  return (
    <Suspense fallback={null}>
      <Sheet {...props} />
    </Suspense>
  );
}
