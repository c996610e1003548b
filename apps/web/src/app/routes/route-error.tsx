import { Link } from 'react-router';
import { MessageBox } from '#web/components/message-box.tsx';

/** Shown when a page fails to load or crashes. */
export function RouteError({ error }: { error: unknown }) {
  return (
    <section className="page">
      <h1>Something went wrong</h1>
      <MessageBox variant="danger">{error instanceof Error ? error.message : 'Unknown error'}</MessageBox>
      <p>
        <a href={window.location.href}>Reload the page</a> or <Link to="/">go to the home page</Link>.
      </p>
    </section>
  );
}
