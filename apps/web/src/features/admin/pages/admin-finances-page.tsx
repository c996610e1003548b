import type { LedgerEntry, LedgerSellerBalance, SellerPaymentRequest } from '@torget/shared/api-types.generated';
import { isLedgerMonth } from '@torget/shared/rules/ledger';
import { parseOrderNumber } from '@torget/shared/rules/order-number';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import {
  type EntryFilter,
  useBookCorrection,
  useCreatePaymentRequest,
  useEarnings,
  useFees,
  useLedgerEntries,
  useMarkPaymentReceived,
  usePaymentRequests,
  useSaveSwishNumber,
  useSellerBalances,
} from '../api/finances';
import '../admin.css';

/** The text of each kind of entry, as the admin reads it (the keys are the screen's English). */
const KIND_TEXTS: Record<LedgerEntry['kind'], string> = {
  sale_collected: 'Sale paid through the marketplace',
  commission: 'Commission',
  commission_vat: 'VAT on commission',
  plan_fee: 'Yearly plan fee',
  refund: 'Refund',
  payout: 'Payout',
  seller_payment: 'Payment from the seller',
  correction: 'Correction',
};

const NO_FILTER: EntryFilter = { seller: '', order: '', month: '' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Rows a page of GET /api/ledger holds (lib/paging.ts on the server). */
const PAGE_SIZE = 50;

/** A new key for each correction the form books (crypto.randomUUID needs a secure context). */
function newIdempotencyKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function SwishNumberForm({ current }: { current: string }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveSwishNumber();
  const [value, setValue] = useState(current);
  return (
    <form
      className="finances-inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(value);
      }}
    >
      <div className="form-field">
        <label htmlFor={id}>{t('Marketplace’s Swish number')}</label>
        <input
          id={id}
          inputMode="numeric"
          aria-describedby={`${id}-hint`}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <p id={`${id}-hint`} className="form-hint">
          {t('Sellers who owe the marketplace pay to this number.')}
        </p>
      </div>
      <button type="submit" className="button button-small" disabled={save.isPending}>
        {t('Save')}
      </button>
      {save.isError && <MessageBox variant="danger">{t(save.error.message)}</MessageBox>}
      {save.isSuccess && <MessageBox variant="success">{t('Swish number saved.')}</MessageBox>}
    </form>
  );
}

function Balances({
  balances,
  requests,
  onShowEntries,
}: {
  balances: LedgerSellerBalance[];
  requests: SellerPaymentRequest[];
  onShowEntries: (seller: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const confirm = useConfirm();
  const create = useCreatePaymentRequest();
  const open = new Set(requests.filter((r) => r.receivedAt === null).map((r) => r.seller));

  async function onRequest(balance: LedgerSellerBalance) {
    const message = t('Ask {{name}} to pay {{amount}} by Swish?', {
      name: balance.name,
      amount: format.price(-balance.balance),
    });
    if (!(await confirm({ message, confirmLabel: t('Request payment') }))) return;
    create.mutate(balance.seller);
  }

  return (
    <>
      {create.isError && <MessageBox variant="danger">{t(create.error.message)}</MessageBox>}
      {create.isSuccess && (
        <MessageBox variant="success">
          {t('Payment request {{reference}} made.', { reference: create.data.reference })}
        </MessageBox>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="table-scroll" tabIndex={0} aria-label={t('Balances')}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('SELLER')}</th>
              <th scope="col">{t('BALANCE')}</th>
              <th scope="col">{t('HELD BACK')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('Actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {balances.map((balance) => (
              <tr key={balance.seller}>
                <td data-label={t('SELLER')}>{balance.name}</td>
                <td data-label={t('BALANCE')} className={balance.balance < 0 ? 'finances-owed' : undefined}>
                  {format.price(balance.balance)}
                </td>
                <td data-label={t('HELD BACK')}>{format.price(balance.held)}</td>
                <td className="cell-actions">
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    onClick={() => onShowEntries(balance.seller)}
                  >
                    {t('Entries')}
                    <span className="visually-hidden">{` ${balance.name}`}</span>
                  </button>
                  {balance.balance < 0 && !open.has(balance.seller) && (
                    <button
                      type="button"
                      className="button button-small"
                      disabled={create.isPending}
                      onClick={() => void onRequest(balance)}
                    >
                      {t('Request payment')}
                      <span className="visually-hidden">{` ${balance.name}`}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

function PaymentRequests({ requests }: { requests: SellerPaymentRequest[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const confirm = useConfirm();
  const received = useMarkPaymentReceived();
  if (requests.length === 0) return <p className="form-hint">{t('No payment requests yet.')}</p>;

  async function onReceived(request: SellerPaymentRequest) {
    const message = t(
      'Mark {{reference}} received? Do it only when {{amount}} from {{name}} is in the Swish account: the payment is booked.',
      { reference: request.reference, amount: format.price(request.amount), name: request.name },
    );
    if (!(await confirm({ message, confirmLabel: t('Mark received') }))) return;
    received.mutate(request._id);
  }

  return (
    <>
      {received.isError && <MessageBox variant="danger">{t(received.error.message)}</MessageBox>}
      {received.isSuccess && (
        <MessageBox variant="success">
          {t('{{reference}} marked received; the payment is booked.', { reference: received.data.reference })}
        </MessageBox>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="table-scroll" tabIndex={0} aria-label={t('Payment requests')}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('REFERENCE')}</th>
              <th scope="col">{t('SELLER')}</th>
              <th scope="col">{t('AMOUNT')}</th>
              <th scope="col">{t('STATUS')}</th>
            </tr>
          </thead>
          <tbody>
            {requests.map((request) => (
              <tr key={request._id}>
                <td data-label={t('REFERENCE')}>{request.reference}</td>
                <td data-label={t('SELLER')}>{request.name}</td>
                <td data-label={t('AMOUNT')}>{format.price(request.amount)}</td>
                <td data-label={t('STATUS')}>
                  {request.receivedAt ? (
                    t('Received {{date}}', { date: format.date(request.receivedAt) })
                  ) : (
                    <button
                      type="button"
                      className="button button-small"
                      disabled={received.isPending}
                      onClick={() => void onReceived(request)}
                    >
                      {t('Mark received')}
                      <span className="visually-hidden">{` ${request.reference}`}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

function Earnings() {
  const { t } = useTranslation();
  const format = useFormat();
  const earnings = useEarnings();
  if (earnings.isPending) return <LoadingBox />;
  if (earnings.isError) return <MessageBox variant="danger">{t(earnings.error.message)}</MessageBox>;
  if (earnings.data.length === 0) return <p className="form-hint">{t('No earnings yet.')}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="table-scroll" tabIndex={0} aria-label={t('Earnings by month')}>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('MONTH')}</th>
            <th scope="col">{t('COMMISSION')}</th>
            <th scope="col">{t('VAT ON COMMISSION')}</th>
            <th scope="col">{t('PLAN FEES')}</th>
            <th scope="col">{t('EARNINGS')}</th>
          </tr>
        </thead>
        <tbody>
          {earnings.data.map((month) => (
            <tr key={month.month}>
              <td data-label={t('MONTH')}>{month.month}</td>
              <td data-label={t('COMMISSION')}>{format.price(month.commission)}</td>
              <td data-label={t('VAT ON COMMISSION')}>{format.price(month.commission_vat)}</td>
              <td data-label={t('PLAN FEES')}>{format.price(month.plan_fees)}</td>
              <td data-label={t('EARNINGS')}>{format.price(month.earnings)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Entries({
  balances,
  filter,
  setFilter,
}: {
  balances: LedgerSellerBalance[];
  filter: EntryFilter;
  setFilter: (filter: EntryFilter) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState(filter.order);
  const entries = useLedgerEntries(filter, page);
  const names = new Map(balances.map((b) => [b.seller, b.name]));
  const change = (next: Partial<EntryFilter>) => {
    setPage(1);
    setFilter({ ...filter, ...next });
  };
  const pages = entries.data ? Math.max(1, Math.ceil(entries.data.total / PAGE_SIZE)) : 1;
  return (
    <>
      <div className="finances-filters">
        <div className="form-field">
          <label htmlFor={`${id}-seller`}>{t('Seller')}</label>
          <select
            id={`${id}-seller`}
            className="select-input"
            value={filter.seller}
            onChange={(event) => change({ seller: event.target.value })}
          >
            <option value="">{t('All sellers')}</option>
            {balances.map((b) => (
              <option key={b.seller} value={b.seller}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-order`}>{t('Order')}</label>
          <input
            id={`${id}-order`}
            placeholder="T-100001"
            value={order}
            onChange={(event) => {
              const value = event.target.value.trim();
              setOrder(value);
              // Only a whole order number or id filters, not each keystroke on the way to one.
              if (value === '' || parseOrderNumber(value) !== null || UUID.test(value)) change({ order: value });
            }}
          />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-month`}>{t('Month')}</label>
          <input
            id={`${id}-month`}
            type="month"
            value={filter.month}
            onChange={(event) => {
              const value = event.target.value;
              if (value === '' || isLedgerMonth(value)) change({ month: value });
            }}
          />
        </div>
      </div>
      {entries.isPending ? (
        <LoadingBox />
      ) : entries.isError ? (
        <MessageBox variant="danger">{t(entries.error.message)}</MessageBox>
      ) : entries.data.items.length === 0 ? (
        <p className="form-hint">{t('No entries.')}</p>
      ) : (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
          <section className="table-scroll" tabIndex={0} aria-label={t('Entries')}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('DATE')}</th>
                  <th scope="col">{t('SELLER')}</th>
                  <th scope="col">{t('ENTRY')}</th>
                  <th scope="col">{t('ORDER')}</th>
                  <th scope="col">{t('AMOUNT')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.data.items.map((entry) => (
                  <tr key={entry._id}>
                    <td data-label={t('DATE')}>{format.date(entry.createdAt)}</td>
                    <td data-label={t('SELLER')}>{names.get(entry.seller) ?? entry.seller}</td>
                    <td data-label={t('ENTRY')}>
                      {t(KIND_TEXTS[entry.kind])}
                      {entry.reversal ? <span className="finances-note">{t('Reversal')}</span> : null}
                      {entry.note && (entry.kind === 'correction' || entry.kind === 'seller_payment') ? (
                        <span className="finances-note">{entry.note}</span>
                      ) : null}
                    </td>
                    <td data-label={t('ORDER')}>
                      {entry.order ? <Link to={`/order/${entry.order}`}>{entry.orderNumber ?? entry.order}</Link> : '-'}
                    </td>
                    <td data-label={t('AMOUNT')} className="finances-amount">
                      {format.price(entry.amount)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {pages > 1 && (
            <p className="cell-actions">
              <button
                type="button"
                className="button button-small button-secondary"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                {t('Previous')}
              </button>
              <span>{t('Page {{page}} of {{pages}}', { page, pages })}</span>
              <button
                type="button"
                className="button button-small button-secondary"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                {t('Next')}
              </button>
            </p>
          )}
        </>
      )}
    </>
  );
}

function CorrectionForm({ balances }: { balances: LedgerSellerBalance[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const confirm = useConfirm();
  const book = useBookCorrection();
  const [seller, setSeller] = useState('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // One key per correction: kept while the same correction is retried, new after it is booked.
  const [key, setKey] = useState(newIdempotencyKey);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const sek = Number(amount.replace(',', '.').replace(/\s/g, ''));
    if (!seller) return setProblem('Choose a seller.');
    if (!Number.isFinite(sek) || sek === 0 || amount.trim() === '') return setProblem('Give an amount other than 0.');
    if (note.trim() === '') return setProblem('A correction needs a note: say why it is made.');
    const name = balances.find((b) => b.seller === seller)?.name ?? seller;
    const message = t('Book {{amount}} for {{name}}? An entry is never changed; a mistake needs another correction.', {
      amount: format.price(sek),
      name,
    });
    if (!(await confirm({ message, confirmLabel: t('Book correction') }))) return;
    book.mutate(
      { seller, amount: sek, note: note.trim(), idempotencyKey: key },
      {
        onSuccess: () => {
          setAmount('');
          setNote('');
          setKey(newIdempotencyKey());
        },
      },
    );
  }

  return (
    <form className="finances-correction" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="form-hint">
        {t('Positive: the marketplace owes the seller more. Negative: the seller owes the marketplace.')}
      </p>
      <div className="form-field">
        <label htmlFor={`${id}-seller`}>{t('Seller')}</label>
        <select
          id={`${id}-seller`}
          className="select-input"
          value={seller}
          onChange={(event) => setSeller(event.target.value)}
          required
        >
          <option value="">{t('Choose a seller')}</option>
          {balances.map((b) => (
            <option key={b.seller} value={b.seller}>
              {b.name}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-amount`}>{t('Amount (SEK)')}</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          required
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-note`}>{t('Note')}</label>
        <textarea
          id={`${id}-note`}
          value={note}
          maxLength={500}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          required
        />
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {t(problem)}
        </p>
      )}
      {book.isError && <MessageBox variant="danger">{t(book.error.message)}</MessageBox>}
      {book.isSuccess && <MessageBox variant="success">{t('Correction booked.')}</MessageBox>}
      <button type="submit" className="button" disabled={book.isPending}>
        {t('Book correction')}
      </button>
    </form>
  );
}

/**
 * /admin_finances (admin): the marketplace's money (docs/decisions/210, 212, 250): every seller's
 * balance and held money, payment requests to sellers who owe (made and marked received here),
 * the earnings by month, the entries by seller, order or month, and a correction with its note.
 * Every booking asks first.
 */
export function AdminFinancesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Finances'));
  const balances = useSellerBalances();
  const requests = usePaymentRequests();
  const fees = useFees();
  const [filter, setFilter] = useState<EntryFilter>(NO_FILTER);
  const headingId = useId();
  const sections = {
    balances: useId(),
    requests: useId(),
    earnings: useId(),
    entries: useId(),
    correction: useId(),
  };

  const sellerList = balances.data ?? [];
  return (
    <section className="page finances-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('Finances')}</h1>
      <p className="form-hint">
        <Link to="/admin_payouts" className="standalone-link">
          {t('Payouts')}
        </Link>
      </p>
      {fees.data && <SwishNumberForm key={fees.data.swish_number ?? ''} current={fees.data.swish_number ?? ''} />}

      <section aria-labelledby={sections.balances}>
        <h2 id={sections.balances}>{t('Balances')}</h2>
        {balances.isPending || requests.isPending ? (
          <LoadingBox />
        ) : balances.isError ? (
          <MessageBox variant="danger">{t(balances.error.message)}</MessageBox>
        ) : (
          <Balances
            balances={sellerList}
            requests={requests.data ?? []}
            onShowEntries={(seller) => {
              setFilter({ ...NO_FILTER, seller });
              document.getElementById(sections.entries)?.scrollIntoView();
            }}
          />
        )}
      </section>

      <section aria-labelledby={sections.requests}>
        <h2 id={sections.requests}>{t('Payment requests')}</h2>
        {requests.isPending ? (
          <LoadingBox />
        ) : requests.isError ? (
          <MessageBox variant="danger">{t(requests.error.message)}</MessageBox>
        ) : (
          <PaymentRequests requests={requests.data} />
        )}
      </section>

      <section aria-labelledby={sections.earnings}>
        <h2 id={sections.earnings}>{t('Earnings by month')}</h2>
        <Earnings />
      </section>

      <section aria-labelledby={sections.entries}>
        <h2 id={sections.entries}>{t('Entries')}</h2>
        <Entries balances={sellerList} filter={filter} setFilter={setFilter} />
      </section>

      <section aria-labelledby={sections.correction}>
        <h2 id={sections.correction}>{t('Correction')}</h2>
        <CorrectionForm balances={sellerList} />
      </section>
    </section>
  );
}
