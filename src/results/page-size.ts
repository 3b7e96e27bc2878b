/** Rows per page of a listing request: the service's maximum `limit`. */
export const PAGE_SIZE = 500;
