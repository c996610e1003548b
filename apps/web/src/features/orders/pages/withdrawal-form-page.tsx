import type { Order } from '@torget/shared/api-types';
import { displayDate } from '@torget/shared/rules/dates';
import { Link, useParams } from 'react-router';
import { useOrder } from '#web/api/get-order.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import '../withdrawals.css';

/**
 * The wording of the standard withdrawal form: the annex of distansavtalslagen (2005:59) in
 * Swedish and the model form of directive 2011/83/EU, Annex I(B), in English. It is a legal text
 * quoted as the law has it, so it is shown in both languages whatever the UI language, and not
 * translated through the catalogue.
 */
const FORM = {
  sv: {
    title: 'Standardformulär för utövande av ångerrätt',
    intro: '(Detta formulär fylls i och skickas endast om konsumenten vill utöva sin ångerrätt)',
    to: 'Till',
    notice:
      'Jag/Vi (*) meddelar härmed att jag/vi (*) vill frånträda mitt/vårt (*) avtal om köp av följande varor (*)/tillhandahållande av följande tjänster (*)',
    ordered: 'Beställd den (*)/mottagen den (*)',
    name: 'Konsumentens/konsumenternas namn',
    address: 'Konsumentens/konsumenternas adress',
    signature: 'Konsumentens/konsumenternas namnteckning (endast om formuläret skickas i pappersversion)',
    date: 'Datum',
    strike: '(*) Stryk det som inte gäller.',
    order: 'Order',
    received: 'mottagen',
    ordered_on: 'beställd',
  },
  en: {
    title: 'Model withdrawal form',
    intro: '(complete and return this form only if you wish to withdraw from the contract)',
    to: 'To',
    notice:
      'I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*)',
    ordered: 'Ordered on (*)/received on (*)',
    name: 'Name of consumer(s)',
    address: 'Address of consumer(s)',
    signature: 'Signature of consumer(s) (only if this form is notified on paper)',
    date: 'Date',
    strike: '(*) Delete as appropriate.',
    order: 'Order',
    received: 'received',
    ordered_on: 'ordered',
  },
} as const;

/** One language's form, filled in from the order where the order knows the answer. */
function FormSheet({ order, language }: { order: Order; language: 'sv' | 'en' }) {
  const text = FORM[language];
  const address = order.shippingAddress;
  const orderUrl = `${window.location.origin}/order/${order._id}`;
  return (
    <section className="withdrawal-form-sheet" lang={language} aria-label={text.title}>
      <h2>{text.title}</h2>
      <p>{text.intro}</p>
      <p>
        {text.to}:
        <span className="withdrawal-form-fill">
          {order.seller.seller.name} — {text.order} {order.orderNumber}, {orderUrl}
        </span>
      </p>
      <p>
        {text.notice}:
        <span className="withdrawal-form-fill">
          {order.orderItems.map((item) => `${item.qty} × ${item.name}`).join('; ')}
        </span>
      </p>
      <p>
        {text.ordered}:
        <span className="withdrawal-form-fill">
          {text.ordered_on} {displayDate(order.createdAt)}
          {order.isDelivered ? `, ${text.received} ${displayDate(order.deliveredAt)}` : ''}
        </span>
      </p>
      <p>
        {text.name}:<span className="withdrawal-form-fill">{address.fullName}</span>
      </p>
      <p>
        {text.address}:
        <span className="withdrawal-form-fill">{`${address.address}, ${address.postalCode} ${address.city}, ${address.country}`}</span>
      </p>
      <p>
        {text.signature}:<span className="withdrawal-form-fill" />
      </p>
      <p>
        {text.date}:<span className="withdrawal-form-fill" />
      </p>
      <p>{text.strike}</p>
    </section>
  );
}

/**
 * /order/{id}/withdrawal_form: the standard withdrawal form of the law's annex, printable, in
 * Swedish with the English version below, filled in from the order.
 */
export function WithdrawalFormPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useDocumentTitle(t('Standard withdrawal form'));
  const order = useOrder(id);
  return (
    <section className="page withdrawal-form-page" aria-labelledby="withdrawal-form-heading">
      <h1 id="withdrawal-form-heading" className="no-print">
        {t('Standard withdrawal form')}
      </h1>
      {order.isPending ? (
        <LoadingBox />
      ) : order.isError ? (
        <MessageBox variant="danger">{t(order.error.message)}</MessageBox>
      ) : (
        <>
          <p className="no-print">
            {t(
              'You can also withdraw on the order page with the button “Withdraw from purchase”. To use this form, print it, fill it in and send it to the seller.',
            )}
          </p>
          <p className="button-row no-print">
            <Link to={`/order/${order.data._id}`} className="button button-secondary">
              {t('Back to the order')}
            </Link>
            <button type="button" className="button" onClick={() => window.print()}>
              {t('Print')}
            </button>
          </p>
          <FormSheet order={order.data} language="sv" />
          <FormSheet order={order.data} language="en" />
        </>
      )}
    </section>
  );
}
