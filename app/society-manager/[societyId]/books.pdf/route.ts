import { booksQuerySchema } from "@/lib/society/books/schemas";
import { booksPdf } from "@/lib/society/reports";
import { societyDownload } from "@/lib/society/report-routes";

/**
 * The books of a period (?from=&to=, this month to today when left out; &account=<code> adds that account's ledger) as
 * a PDF an auditor can take away (society.view).
 */
export async function GET(request: Request, { params }: { params: Promise<{ societyId: string }> }) {
  const { societyId } = await params;
  return societyDownload(request, societyId, { permission: "society.view", where: "/society-manager/books.pdf", query: booksQuerySchema }, (access, range, locale) =>
    booksPdf(access, { from: range.from, to: range.to, account: range.account }, locale),
  );
}
