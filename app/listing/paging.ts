/**
 * Which page of a result list to show. A list always has at least one page
 * (an empty result is one empty page); a page beyond the last is answered
 * with the last, and `correctedFromPage` says which page was asked for so
 * the page can tell the user.
 */
export interface PageWindow {
  page: number;
  pageCount: number;
  /** Rows to skip before this page. */
  offset: number;
  correctedFromPage?: number;
}

export function pageWindow(total: number, requestedPage: number, perPage: number): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  return {
    page,
    pageCount,
    offset: (page - 1) * perPage,
    ...(page !== requestedPage ? { correctedFromPage: requestedPage } : {}),
  };
}
