import { zodResolver } from '@hookform/resolvers/zod';
import { RATING_LABELS, REVIEW_COMMENT_MAX } from '@torget/shared/rules/catalog';
import { reviewSchema } from '@torget/shared/schemas/catalog';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FieldError } from '#web/components/field-error.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useCreateReview } from '../api/create-review';
import '../reviews.css';

interface ReviewFormProps {
  productId: string;
  /** The signed-in reviewer's name (the server uses the account's name anyway). */
  userName: string;
}

/** The server's payload schema without the name, which the form does not ask for. */
const reviewFormSchema = reviewSchema.pick({ rating: true, comment: true });
type ReviewFormInput = z.input<typeof reviewFormSchema>;
type ReviewFormValues = z.output<typeof reviewFormSchema>;

/**
 * 'Write a customer review' (spec sections 2, 5, 8): rating and comment are both needed; the
 * shared schema's messages ('Please enter rating.', 'Please enter comment.') show beside the fields.
 */
export function ReviewForm({ productId, userName }: ReviewFormProps) {
  const { t } = useTranslation();
  const createReview = useCreateReview(productId);
  const [submitted, setSubmitted] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { comment: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setSubmitted(false);
    createReview.mutate(
      { ...values, name: userName },
      {
        onSuccess: () => {
          setSubmitted(true);
          reset();
          createReview.reset();
        },
      },
    );
  });

  return (
    <form className="catalog-form review-form" onSubmit={onSubmit} aria-labelledby="review-form-heading" noValidate>
      <h3 id="review-form-heading">{t('Write a customer review')}</h3>
      <div className="form-field">
        <label htmlFor="review-rating">{t('Rating')}</label>
        <select
          className="select-input"
          id="review-rating"
          aria-invalid={errors.rating ? true : undefined}
          aria-describedby={errors.rating ? 'review-rating-message' : undefined}
          {...register('rating', { setValueAs: (value: string) => (value === '' ? undefined : Number(value)) })}
        >
          <option value="">{t('Select...')}</option>
          {RATING_LABELS.map((label, index) => (
            <option key={label} value={index + 1}>
              {t(label)}
            </option>
          ))}
        </select>
        <FieldError id="review-rating-message" message={errors.rating?.message} />
      </div>
      <div className="form-field">
        <label htmlFor="review-comment">{t('Comment')}</label>
        <textarea
          id="review-comment"
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={errors.comment ? 'review-comment-message' : undefined}
          {...register('comment')}
        />
        <FieldError id="review-comment-message" message={errors.comment?.message} />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={createReview.isPending}>
          {t('Submit')}
        </button>
      </div>
      {createReview.isPending && <LoadingBox label={t('Submitting...')} />}
      {createReview.isError && <MessageBox variant="danger">{t(createReview.error.message)}</MessageBox>}
      {submitted && <MessageBox variant="success">{t('Review Submitted Successfully')}</MessageBox>}
    </form>
  );
}
