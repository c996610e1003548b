import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** Stand-in for a screen that is not built yet. */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="page placeholder-page">
      <h1>{title}</h1>
      <p>This screen is coming soon.</p>
    </section>
  );
}
