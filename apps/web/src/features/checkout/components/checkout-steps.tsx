import { useEffect } from 'react';
import { useTranslation } from '#web/lib/use-translation.ts';
import '../checkout.css';

// The spec's labels (section 2, Checkout), as written there.
const STEPS = ['Sign-in', 'Shipping', 'Payment', 'Place order'] as const;

interface CheckoutStepsProps {
  /** How many steps are reached: 2 on the shipping page, 3 on payment, 4 on place order. */
  reached: 1 | 2 | 3 | 4;
}

/** The four-step indicator of checkout (spec section 2): the steps reached so far are marked. */
export function CheckoutSteps({ reached }: CheckoutStepsProps) {
  const { t } = useTranslation();
  // The step's button that led here is gone with the previous step: a keyboard user's focus would
  // fall back to the page's top or past this step's form. It goes to the page's content instead.
  useEffect(() => {
    if (document.activeElement === document.body) document.getElementById('main')?.focus({ preventScroll: true });
  }, []);
  return (
    <nav className="checkout-steps" aria-label={t('Checkout steps')}>
      <ol>
        {STEPS.map((step, index) => {
          const done = index < reached;
          const current = index === reached - 1;
          return (
            <li
              key={step}
              className={done ? 'checkout-step is-active' : 'checkout-step'}
              aria-current={current ? 'step' : undefined}
            >
              {t(step)}
              {done && !current && <span className="visually-hidden">{t(' (done)')}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
