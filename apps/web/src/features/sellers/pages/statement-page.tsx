import { isLedgerMonth } from '@torget/shared/rules/ledger';
import { Link, useParams } from 'react-router';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useFormat } from '#web/hooks/use-format.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useLedgerStatement } from '../api/get-ledger-statement';
import { Entries } from '../components/ledger-statement';
import '../sales-overview.css';
import '../statement.css';

/** Noon of the last day of `month` ('YYYY-MM'), as ISO: the day shown whatever the time zone. */
function lastDay(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0, 12)).toISOString();
}

/**
 * /my_shop_statement/:month (seller): the month's statement to print: the opening balance on the
 * month's first day, every entry with its order, the closing balance on its last
 * (GET /api/ledger/mine?month=). Printed, the page shows the statement alone (statement.css).
 */
export function StatementPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { user } = useSession();
  const { month = '' } = useParams();
  const valid = isLedgerMonth(month);
  const statement = useLedgerStatement(valid ? month : null);
  useDocumentTitle(t('Statement {{month}}', { month }));
  if (!valid) return <MessageBox variant="danger">{t('month must be YYYY-MM.')}</MessageBox>;
  const shown = statement.data;
  return (
    <section className="page statement-page" aria-labelledby="statement-heading">
      <p className="statement-actions">
        <Link className="button button-small button-secondary" to="/my_shop_menu">
          {t('Back to My Shop')}
        </Link>
        <button type="button" className="button button-small" onClick={() => window.print()}>
          {t('Print')}
        </button>
      </p>
      <h1 id="statement-heading">{t('Statement {{month}}', { month })}</h1>
      <p>Torget · {user?.seller?.name || user?.name}</p>
      {statement.isPending ? (
        <LoadingBox />
      ) : statement.isError || !shown ? (
        <MessageBox variant="danger">{t(statement.error?.message ?? 'Something went wrong')}</MessageBox>
      ) : (
        <>
          <dl className="statement-figures">
            <dt>{t('Period')}</dt>
            <dd>
              {format.date(`${month}-01T12:00:00Z`)} – {format.date(lastDay(month))}
            </dd>
            <dt>{t('Opening balance')}</dt>
            <dd>{format.price(shown.opening)}</dd>
            <dt>{t('Closing balance')}</dt>
            <dd>{format.price(shown.closing)}</dd>
          </dl>
          <Entries statement={shown} />
          <p className="form-hint">{t('Positive: the marketplace owes you. Negative: you owe the marketplace.')}</p>
        </>
      )}
    </section>
  );
}
