import { RATING_LABELS, REVIEW_COMMENT_MAX } from '@torget/shared/rules/catalog';
import { type FormEvent, useState } from 'react';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useCreateReview } from '../api/create-review';
import '../product-page.css';

interface ReviewFormProps {
  productId: string;
  /** The signed-in reviewer's name (the server uses the account's name anyway). */
  userName: string;
}

/** 'Write a customer review' (spec sections 2, 5, 8): rating and comment are both needed. */
export function ReviewForm({ productId, userName }: ReviewFormProps) {
  const [rating, setRating] = useState('');
  const [comment, setComment] = useState('');
  const createReview = useCreateReview(productId);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rating === '') {
      window.alert('Please enter rating.');
      return;
    }
    if (comment.trim() === '') {
      window.alert('Please enter comment.');
      return;
    }
    createReview.mutate(
      { rating: Number(rating), comment: comment.trim(), name: userName },
      {
        onSuccess: () => {
          window.alert('Review Submitted Successfully');
          setRating('');
          setComment('');
          createReview.reset();
        },
      },
    );
  }

  return (
    <form className="catalog-form review-form" onSubmit={onSubmit} aria-labelledby="review-form-heading" noValidate>
      <h3 id="review-form-heading">Write a customer review</h3>
      <div className="form-field">
        <label htmlFor="review-rating">Rating</label>
        <select
          className="select-input"
          id="review-rating"
          value={rating}
          onChange={(event) => setRating(event.target.value)}
        >
          <option value="">Select...</option>
          {RATING_LABELS.map((label, index) => (
            <option key={label} value={index + 1}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor="review-comment">Comment</label>
        <textarea
          id="review-comment"
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={createReview.isPending}>
          Submit
        </button>
      </div>
      {createReview.isPending && <LoadingBox label="Submitting..." />}
      {createReview.isError && <MessageBox variant="danger">{createReview.error.message}</MessageBox>}
    </form>
  );
}
