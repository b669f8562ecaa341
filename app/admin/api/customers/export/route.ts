import { getTranslations } from "next-intl/server";
import { requireRoutePermission } from "@/lib/auth/guard";
import { customerAccessOf } from "@/lib/customers/access";
import { exportCustomerBatches } from "@/lib/customers/queries";
import { customerListFiltersSchema } from "@/lib/customers/schemas";
import { csvResponse, toCsv } from "@/lib/csv";
import { dhakaToday, formatDateTime, formatPhone } from "@/lib/format";
import { isoDateOf } from "@/lib/validation/fields";

const CSV_COLUMNS = [
  "userNumber",
  "userCode",
  "name",
  "phone",
  "email",
  "nid",
  "address",
  "dateOfBirth",
  "employment",
  "employer",
  "monthlyIncome",
  "creditScore",
  "status",
  "kycStatus",
  "joinDate",
  "loanCount",
  "activeLoans",
  "activeAmount",
  "lastActivity",
] as const;
const LOAN_COLUMNS: readonly (typeof CSV_COLUMNS)[number][] = ["loanCount", "activeLoans", "activeAmount"];

/** The customer list as CSV: the screen's filters (by, q, status, kyc), every matching row, headings in the user's language. */
export async function GET(request: Request) {
  const ctx = await requireRoutePermission("customers.read", "/admin/api/customers/export");
  if (ctx instanceof Response) return ctx;
  const filters = customerListFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const t = await getTranslations("adminCustomers");
  // Numbers and dates in ASCII digits whatever the screen's language, so spreadsheets can compute with them.
  const locale = "en";
  const access = customerAccessOf(ctx);
  // Loan figures only for those who may read loans (lib/customers/access.ts).
  const columns = access.loans ? CSV_COLUMNS : CSV_COLUMNS.filter((c) => !LOAN_COLUMNS.includes(c));
  const rows: (string | number | null)[][] = [columns.map((column) => t(`csv.${column}`))];
  for await (const batch of exportCustomerBatches(filters, access)) {
    for (const c of batch) {
      rows.push([
        c.userNumber,
        c.userCode,
        c.name,
        // "01712-345678": a leading "+" would be quoted as a formula, and bare digits lose their leading 0.
        formatPhone(c.phone),
        c.email,
        c.nid,
        c.address,
        c.dateOfBirth ? isoDateOf(c.dateOfBirth) : null,
        c.employmentType ? t(`employment.${c.employmentType}`) : null,
        c.employer,
        c.monthlyIncome,
        c.creditScore,
        t(`status.${c.status}`),
        t(`kyc.${c.kycStatus}`),
        isoDateOf(c.joinDate),
        ...(c.loans ? [c.loans.loanCount, c.loans.activeLoans, c.loans.activeAmount] : []),
        c.lastActivityAt ? formatDateTime(c.lastActivityAt, locale) : null,
      ]);
    }
  }
  const label = [filters.status, filters.kyc].filter((v) => v !== "any").join("-") || "all";
  return csvResponse(toCsv(rows), `customers-${label}-${dhakaToday()}.csv`);
}
