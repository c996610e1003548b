import { useQueryClient } from '@tanstack/react-query';
import type { OrderMessage } from '@torget/shared/api-types.generated';
import { ORDER_MESSAGE_MAX } from '@torget/shared/rules/shipping';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ORDER_LISTS_QUERY_KEY } from '#web/api/get-order.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useFormat } from '#web/hooks/use-format.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useOrderMessages, usePostOrderMessage } from '../api/order-messages';
import { linkify } from '../utils/linkify';

const ROLE_LABELS = { buyer: 'Buyer', seller: 'Seller', admin: 'Admin' } as const;

/** A message's text as text, its web addresses as links that open apart from the page. */
function MessageText({ text }: { text: string }) {
  return (
    <p className="order-message-text">
      {linkify(text).map((part, i) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

function MessageItem({ message, own }: { message: OrderMessage; own: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li className={`order-message${own ? ' order-message-own' : ''}`}>
      <p className="order-message-meta">
        <strong>{message.author.name}</strong> · {t(ROLE_LABELS[message.author.role])} ·{' '}
        <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
      </p>
      <MessageText text={message.text} />
    </li>
  );
}

/**
 * The thread between the order's buyer and seller (admins read and write too), newest last, with
 * a box to write in. Opening it marks it read, so the lists' unread counts are reloaded.
 */
export function OrderThread({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { actor } = useSession();
  const queryClient = useQueryClient();
  const thread = useOrderMessages(orderId);
  const post = usePostOrderMessage(orderId);
  const [text, setText] = useState('');
  const loaded = thread.isSuccess;
  useEffect(() => {
    if (loaded) void queryClient.invalidateQueries({ queryKey: ORDER_LISTS_QUERY_KEY });
  }, [loaded, queryClient]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') return;
    post.mutate(text, { onSuccess: () => setText('') });
  }

  return (
    <section className="card order-card order-thread" aria-labelledby={`${id}-heading`}>
      <h2 className="order-card-title" id={`${id}-heading`}>
        {t('Messages')}
      </h2>
      {thread.isPending ? (
        <LoadingBox />
      ) : thread.isError ? (
        <MessageBox variant="danger">{t(thread.error.message)}</MessageBox>
      ) : thread.data.length === 0 ? (
        <p className="order-thread-empty">{t('No messages yet. Ask the seller or the buyer about the order here.')}</p>
      ) : (
        <ol className="order-messages">
          {thread.data.map((message) => (
            <MessageItem key={message._id} message={message} own={message.author._id === actor?.id} />
          ))}
        </ol>
      )}
      <form onSubmit={onSubmit} className="order-thread-form">
        {post.isError && <MessageBox variant="danger">{t(post.error.message)}</MessageBox>}
        <div className="form-field">
          <label htmlFor={`${id}-text`}>{t('Write a message')}</label>
          <textarea
            id={`${id}-text`}
            rows={3}
            value={text}
            maxLength={ORDER_MESSAGE_MAX}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={post.isPending || text.trim() === ''}>
          {post.isPending ? t('Sending...') : t('Send message')}
        </button>
      </form>
    </section>
  );
}
