/** The answers of the borrower's route handlers when there is nothing to send (never cached, never personal). */
const HEADERS = { "Cache-Control": "private, no-store", "Content-Type": "text/plain; charset=utf-8" };

export function borrowerRouteRefusal(): Response {
  return new Response("Unauthorized", { status: 401, headers: HEADERS });
}

/** Another borrower's document and one that does not exist look the same. */
export function notFoundPdf(): Response {
  return new Response("Not found", { status: 404, headers: HEADERS });
}
