// Loading / failed / empty notices of a list (details of a failure are in the console, §7).

interface ListStateProps {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  texts: { loading: string; failed: string; empty: string };
}

/** One notice at a time: loading, else failure, else empty; nothing when the list has rows. */
export function ListState({ loading, failed, empty, texts }: ListStateProps) {
  if (loading) return <p className="text-sm text-ink-muted" role="status">{texts.loading}</p>;
  if (failed) return <p className="text-sm text-red-700" role="status">{texts.failed}</p>;
  if (empty) return <p className="text-sm text-ink-muted" role="status">{texts.empty}</p>;
  return null;
}

/** The count line above a list that keeps its rows while the next page loads, and the same notices. */
export function ListStatus(props: { count: number; loading: boolean; failed: boolean; found: string; texts: ListStateProps['texts'] }) {
  const { count, loading, failed, texts } = props;
  return (
    <>
      <p className="text-sm text-ink-muted m-0 mb-2" aria-live="polite">{props.found}</p>
      {loading && !count && <p className="text-sm text-ink-muted" role="status">{texts.loading}</p>}
      {failed && <p className="text-sm text-red-700" role="status">{texts.failed}</p>}
      {!loading && !failed && !count && <p className="text-sm text-ink-muted" role="status">{texts.empty}</p>}
    </>
  );
}
