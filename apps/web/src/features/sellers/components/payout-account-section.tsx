import { zodResolver } from '@hookform/resolvers/zod';
import type { PayoutAccountAnswer } from '@torget/shared/api-types.generated';
import { PAYOUT_FIELD_MAX, type PayoutAccountType, type PayoutInputField } from '@torget/shared/rules/payout-account';
import { payoutAccountSchema } from '@torget/shared/schemas/payout-account';
import { useEffect, useId, useRef, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Snackbar, useSnackbar } from '#web/components/snackbar.tsx';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { usePayoutAccount, useSavePayoutAccount } from '../api/payout-account';
import { FormTextField } from './form-text-field';

type PayoutFormInput = z.input<typeof payoutAccountSchema>;
type Translate = ReturnType<typeof useTranslation>['t'];

const typeLabel = (t: Translate, type: PayoutAccountType) =>
  type === 'bank_account' ? t('Swedish bank account') : type === 'bankgiro' ? t('Bankgiro') : t('IBAN');

const EMPTY: PayoutFormInput = {
  type: 'bank_account',
  clearingNumber: '',
  accountNumber: '',
  bankgiro: '',
  iban: '',
  bic: '',
};

/** The fields each type sends; the others stay in the form but are not sent. */
const FIELDS_OF: Record<PayoutAccountType, PayoutInputField[]> = {
  bank_account: ['clearingNumber', 'accountNumber'],
  bankgiro: ['bankgiro'],
  iban: ['iban', 'bic'],
};

const checkPayoutAccount = zodResolver(payoutAccountSchema);

/**
 * The shared rule's messages by the field; on success the values as typed, which the API reads by
 * the same rule (the rule's stored form is the server's business).
 */
const payoutResolver: Resolver<PayoutFormInput> = async (values, context, options) => {
  const checked = await checkPayoutAccount(values, context, options);
  return Object.keys(checked.errors).length > 0 ? { values: {}, errors: checked.errors } : { values, errors: {} };
};

/** 'Invalid bankgiro: …' from the API: the field and its message, so it shows by the field. */
function fieldError(message: string): { field: PayoutInputField; message: string } | null {
  const match = /^Invalid (clearingNumber|accountNumber|bankgiro|iban|bic): (.*)$/s.exec(message);
  return match ? { field: match[1] as PayoutInputField, message: match[2] ?? '' } : null;
}

/**
 * 'Payout account' in the shop settings (sellers only): the account shown masked with 'Change',
 * or the form to set it (type, then that type's fields), checked by the same rule as the API.
 * A new account holds payouts for three days; the notice says until when.
 */
export function PayoutAccountSection() {
  const { t } = useTranslation();
  const account = usePayoutAccount();
  return (
    <section className="payout-account-section" aria-labelledby="payout-account-heading">
      <h2 id="payout-account-heading">{t('Payout account')}</h2>
      <p className="form-hint">{t('Where Torget pays out the money your sales bring in.')}</p>
      {account.isPending ? (
        <LoadingBox />
      ) : account.isError ? (
        <MessageBox variant="danger">{t(account.error.message)}</MessageBox>
      ) : (
        <PayoutAccountBody answer={account.data} />
      )}
    </section>
  );
}

function PayoutAccountBody({ answer }: { answer: PayoutAccountAnswer }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [editing, setEditing] = useState(answer.account === null);
  const [notice, showNotice] = useSnackbar();
  const changeButton = useRef<HTMLButtonElement>(null);
  // After saving or cancelling, focus goes back to the 'Change' button of the shown account.
  const [returnFocus, setReturnFocus] = useState(false);
  useEffect(() => {
    if (!editing && returnFocus) {
      changeButton.current?.focus();
      setReturnFocus(false);
    }
  }, [editing, returnFocus]);

  const { account, payoutHeldUntil } = answer;
  return (
    <>
      {payoutHeldUntil && (
        <MessageBox variant="info">
          {t('For your safety, payouts to a new account wait three days: until {{date}}.', {
            date: format.dateTime(payoutHeldUntil),
          })}
        </MessageBox>
      )}
      {account && !editing && (
        <div className="payout-account-shown">
          <dl className="payout-account-summary">
            <dt>{t('Account type')}</dt>
            <dd>{typeLabel(t, account.type)}</dd>
            <dt>{t('Account')}</dt>
            <dd>
              {/* The dots are read out as 'ending in', not as bullets. */}
              <span className="payout-account-masked" aria-hidden="true">
                {account.masked}
              </span>
              <span className="visually-hidden">
                {t('ending in {{digits}}', { digits: account.masked.replace(/^\W+\s*/, '') })}
              </span>
              {account.bankName && <span className="payout-account-bank"> ({account.bankName})</span>}
            </dd>
            <dt>{t('Changed')}</dt>
            <dd>{format.dateTime(account.changedAt)}</dd>
          </dl>
          <button ref={changeButton} type="button" className="button button-secondary" onClick={() => setEditing(true)}>
            {t('Change')}
          </button>
        </div>
      )}
      {editing && (
        <PayoutAccountForm
          canCancel={account !== null}
          onDone={(saved) => {
            setEditing(false);
            setReturnFocus(true);
            if (saved) showNotice(t('Payout account saved'));
          }}
        />
      )}
      <Snackbar message={notice} />
    </>
  );
}

function PayoutAccountForm({ canCancel, onDone }: { canCancel: boolean; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const typeId = useId();
  const save = useSavePayoutAccount();
  const { control, register, handleSubmit, setError, setFocus } = useForm<PayoutFormInput>({
    resolver: payoutResolver,
    defaultValues: EMPTY,
  });
  const type = useWatch({ control, name: 'type' });

  // Opened with 'Change': the type select takes the focus.
  useEffect(() => {
    if (canCancel) setFocus('type');
  }, [canCancel, setFocus]);

  const onSubmit = handleSubmit((values) => {
    // Only the chosen type's fields are sent.
    const payload: PayoutFormInput = { type: values.type };
    for (const field of FIELDS_OF[values.type]) payload[field] = values[field];
    save.mutate(payload, {
      onSuccess: () => onDone(true),
      onError: (error) => {
        const byField = fieldError(error.message);
        if (byField) setError(byField.field, { message: byField.message }, { shouldFocus: true });
      },
    });
  });

  const serverError = save.isError && !fieldError(save.error.message) ? save.error.message : null;
  return (
    <form className="payout-account-form" onSubmit={onSubmit} noValidate aria-labelledby="payout-account-heading">
      {serverError && <MessageBox variant="danger">{t(serverError)}</MessageBox>}
      <div className="form-field">
        <label htmlFor={typeId}>{t('Account type')}</label>
        <select id={typeId} className="select-input" {...register('type')}>
          <option value="bank_account">{typeLabel(t, 'bank_account')}</option>
          <option value="bankgiro">{typeLabel(t, 'bankgiro')}</option>
          <option value="iban">{typeLabel(t, 'iban')}</option>
        </select>
      </div>
      {type === 'bank_account' && (
        <div className="payout-account-fields">
          <FormTextField
            control={control}
            name="clearingNumber"
            label={t('Clearing number')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={PAYOUT_FIELD_MAX.clearingNumber}
            hint={t('Four digits, five for some Swedbank accounts.')}
          />
          <FormTextField
            control={control}
            name="accountNumber"
            label={t('Account number')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={PAYOUT_FIELD_MAX.accountNumber}
          />
        </div>
      )}
      {type === 'bankgiro' && (
        <FormTextField
          control={control}
          name="bankgiro"
          label={t('Bankgiro number')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={PAYOUT_FIELD_MAX.bankgiro}
          placeholder="5050-1055"
        />
      )}
      {type === 'iban' && (
        <div className="payout-account-fields">
          <FormTextField
            control={control}
            name="iban"
            label={t('IBAN')}
            autoComplete="off"
            spellCheck={false}
            maxLength={PAYOUT_FIELD_MAX.iban}
            placeholder="SE45 5000 0000 0583 9825 7466"
          />
          <FormTextField
            control={control}
            name="bic"
            label={t('BIC (optional)')}
            autoComplete="off"
            spellCheck={false}
            maxLength={PAYOUT_FIELD_MAX.bic}
          />
        </div>
      )}
      <p className="form-hint">{t('Once saved, the number is shown only by its last four digits.')}</p>
      <div className="form-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? t('Saving...') : t('Save payout account')}
        </button>
        {canCancel && (
          <button type="button" className="button button-secondary" onClick={() => onDone(false)}>
            {t('Cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
