/** Previous / next page buttons for an offset-paged server listing. */
export function Pager({ offset, count, nextOffset, pageSize, onPage, testId }: {
  offset: number; count: number; nextOffset: number | null; pageSize: number; onPage: (offset: number) => void; testId: string;
}) {
  return (
    <div className="server-pager" data-testid={testId}>
      <button type="button" disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - pageSize))}>Previous</button>
      <span>{count === 0 ? 'none' : `${offset + 1}–${offset + count}`}</span>
      <button type="button" disabled={nextOffset === null} onClick={() => nextOffset !== null && onPage(nextOffset)} data-testid={`${testId}-next`}>Next</button>
    </div>
  );
}
