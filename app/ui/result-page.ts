/**
 * What a search page's data carries of its result's page window, for the shared result controls: the total, this
 * page, how many pages, and the page asked for when it was beyond the last (listing/paging.ts).
 */
export function resultPage(result: { total: number; page: number; pageCount: number; correctedFromPage?: number }) {
  return {
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    correctedFromPage: result.correctedFromPage,
  };
}
