import type { Review } from '@torget/shared/api-types.generated';
import { MessageBox } from '#web/components/message-box.tsx';
import { Rating } from '#web/components/rating.tsx';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import '../reviews.css';

/**
 * A product's reviews, newest first: name, a 'Verified purchase' badge when the reviewer bought
 * the product, stars, date (YYYY-MM-DD) and comment.
 */
export function ReviewList({ reviews }: { reviews: Review[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (reviews.length === 0) return <MessageBox>{t('There is no review.')}</MessageBox>;
  return (
    <ul className="review-list">
      {reviews.map((review) => (
        <li key={review._id} className="review">
          <div className="review-head">
            <strong className="review-name">{review.name}</strong>
            {review.verified && <span className="status-pill is-open review-verified">{t('Verified purchase')}</span>}
            <Rating value={review.rating} />
            <time dateTime={review.createdAt} className="muted">
              {format.date(review.createdAt)}
            </time>
          </div>
          <p className="review-comment">{review.comment}</p>
        </li>
      ))}
    </ul>
  );
}
