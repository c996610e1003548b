import { Link } from 'react-router';
import { MessageBox } from '#web/components/message-box.tsx';

interface AlreadySellerNoticeProps {
  message: string;
  /** The second button: where this user goes on from here. */
  to: string;
  text: string;
}

/** Create Shop for a user who is already a seller or has already applied: a notice and two buttons. */
export function AlreadySellerNotice({ message, to, text }: AlreadySellerNoticeProps) {
  return (
    <>
      <MessageBox>{message}</MessageBox>
      <p className="button-row">
        <Link to="/" className="button button-secondary">
          Till startsida
        </Link>
        <Link to={to} className="button">
          {text}
        </Link>
      </p>
    </>
  );
}
