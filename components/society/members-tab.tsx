import { Search } from "lucide-react";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { WaitingWithdrawals } from "./waiting-withdrawals";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { Locale } from "@/i18n/config";
import { formatNumber, formatPhone, formatTaka } from "@/lib/format";
import type { listMembers, workerOptions } from "@/lib/society/queries";
import { NAME_LIMIT, truncateName } from "@/lib/society/rules";
import { societyDownloads, societyHref } from "@/lib/society/tabs";
import { AddMemberDialog } from "./add-member-dialog";
import { DeleteRecordButton } from "./delete-record-button";
import { MemberProfileDialog } from "./member-profile-dialog";
import { MoveMemberDialog } from "./move-member-dialog";
import { PdfLink } from "./pdf-link";

type Props = {
  societyId: string;
  page: Awaited<ReturnType<typeof listMembers>>;
  q: string;
  workers: Awaited<ReturnType<typeof workerOptions>>;
  /** The staff member looking (never offered to approve a withdrawal they asked for). */
  viewerId: string | null;
  isAdmin: boolean;
  /** May pay loans out to members (society.lend). */
  canLend: boolean;
};

export async function MembersTab({ societyId, page, q, workers, viewerId, isAdmin, canLend }: Props) {
  const [t, tReports, locale] = await Promise.all([getTranslations("society.members"), getTranslations("society.reports"), getLocale() as Promise<Locale>]);
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const pageHref = (n: number) => `${societyHref(societyId, "members")}&page=${n}${q ? `&q=${encodeURIComponent(q)}` : ""}`;
  return (
    <div className="space-y-4">
      <WaitingWithdrawals societyId={societyId} canDecide={isAdmin} viewerId={viewerId} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <form method="get" action={societyHref(societyId)} className="flex flex-1 gap-2" role="search" aria-label={t("search")}>
          <input type="hidden" name="tab" value="members" />
          <Input name="q" defaultValue={q} placeholder={t("search")} aria-label={t("search")} className="max-w-sm" data-testid="member-search" />
          <Button type="submit" variant="outline" size="icon" aria-label={t("searchButton")}>
            <Search aria-hidden />
          </Button>
        </form>
        <AddMemberDialog societyId={societyId} workers={workers} />
      </div>
      {workers.length === 0 ? (
        <Alert data-testid="members-need-worker">
          <AlertDescription>{t("needWorker")}</AlertDescription>
        </Alert>
      ) : null}
      <p className="text-sm text-muted-foreground" data-testid="members-count">
        {t("count", { total: formatNumber(page.total, locale) })}
      </p>
      {/* On a phone each member is a card (the balances and the documents first); from sm up, the table. */}
      <div className="overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label={t("count", { total: formatNumber(page.total, locale) })}>
        <table className="w-full text-sm sm:min-w-[720px]" data-testid="members-table">
          <thead className="hidden bg-muted/60 text-left text-xs text-muted-foreground sm:table-header-group">
            <tr>
              <th className="px-3 py-2 font-medium">{t("memberCode")}</th>
              <th className="px-3 py-2 font-medium">{t("name")}</th>
              <th className="px-3 py-2 font-medium">{t("phone")}</th>
              <th className="px-3 py-2 font-medium">{t("worker")}</th>
              <th className="px-3 py-2 font-medium">{t("area")}</th>
              <th className="px-3 py-2 text-right font-medium">{t("installment")}</th>
              <th className="px-3 py-2 text-right font-medium">{t("savings")}</th>
              <th className="px-3 py-2 text-right font-medium">{t("savingsBalance")}</th>
              <th className="px-3 py-2 text-right font-medium">{t("loanOutstanding")}</th>
              <th className="px-3 py-2 text-right font-medium">{t("actions")}</th>
            </tr>
          </thead>
          <tbody className="block divide-y sm:table-row-group">
            {page.rows.length === 0 ? (
              <tr className="block sm:table-row">
                <td colSpan={10} className="block px-3 py-8 text-center text-muted-foreground sm:table-cell">
                  {t("empty")}
                </td>
              </tr>
            ) : (
              page.rows.map((m) => (
                <tr key={m.id} data-testid="member-row" className="grid grid-cols-2 gap-x-3 px-3 py-2 sm:table-row sm:p-0">
                  <td className="col-span-2 whitespace-nowrap text-xs sm:table-cell sm:px-3 sm:py-2">{m.memberCode}</td>
                  <td className="col-span-2 sm:table-cell sm:px-3 sm:py-2">
                    <p className="font-medium" title={m.name}>
                      {truncateName(m.name, NAME_LIMIT.member)}
                      {m.status === "inactive" ? (
                        <Badge variant="outline" className="ml-1.5">
                          {t("inactive")}
                        </Badge>
                      ) : null}
                    </p>
                    <p className="text-xs text-muted-foreground">{t("nid", { nid: m.nid })}</p>
                  </td>
                  <td className="hidden whitespace-nowrap sm:table-cell sm:px-3 sm:py-2">{formatPhone(m.phone)}</td>
                  <td className="hidden sm:table-cell sm:px-3 sm:py-2">{m.workerName}</td>
                  <td className="hidden sm:table-cell sm:px-3 sm:py-2">{m.area}</td>
                  <td className="hidden text-right tabular-nums sm:table-cell sm:px-3 sm:py-2">{formatTaka(m.installmentAmount, locale)}</td>
                  <td className="hidden text-right tabular-nums sm:table-cell sm:px-3 sm:py-2">{formatTaka(m.savingsAmount, locale)}</td>
                  <td className="py-1 sm:table-cell sm:px-3 sm:py-2 sm:text-right">
                    <span className="block text-xs text-muted-foreground sm:hidden">{t("savingsBalance")}</span>
                    <span className="whitespace-nowrap font-medium tabular-nums" data-testid="member-savings-balance">
                      {formatTaka(m.balance.savings, locale)}
                    </span>
                  </td>
                  <td className="py-1 text-right sm:table-cell sm:px-3 sm:py-2">
                    <span className="block text-xs text-muted-foreground sm:hidden">{t("loanOutstanding")}</span>
                    <span className="whitespace-nowrap tabular-nums" data-testid="member-loan-outstanding">
                      {formatTaka(m.balance.loanOutstanding, locale)}
                    </span>
                  </td>
                  <td className="col-span-2 pt-1 sm:table-cell sm:px-3 sm:py-2">
                    <div className="flex flex-wrap justify-end gap-1">
                      <MemberProfileDialog societyId={societyId} memberId={m.id} name={m.name} canLend={canLend} />
                      {/* Each document its own icon (the label, spoken and on hover, names it and the member). */}
                      <PdfLink compact icon="profile" href={societyDownloads.memberProfile(societyId, m.id)} testId="member-profile-pdf">
                        {`${tReports("profilePdf")}: ${m.name}`}
                      </PdfLink>
                      <PdfLink compact icon="passbook" href={societyDownloads.memberPassbook(societyId, m.id)} testId="member-passbook-pdf">
                        {`${tReports("passbookPdf")}: ${m.name}`}
                      </PdfLink>
                      <PdfLink compact icon="calendar" href={societyDownloads.memberCalendar(societyId, m.id)} testId="member-calendar-pdf">
                        {`${tReports("calendarPdf")}: ${m.name}`}
                      </PdfLink>
                      {isAdmin && m.status === "active" ? <MoveMemberDialog societyId={societyId} member={m} workers={workers} /> : null}
                      <DeleteRecordButton societyId={societyId} kind="member" id={m.id} name={m.name} isAdmin={isAdmin} compact />
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav className="flex items-center justify-between text-sm" aria-label={t("page", { page: formatNumber(page.page, locale), pages: formatNumber(pages, locale) })}>
          {page.page > 1 ? (
            <Link className="underline" href={pageHref(page.page - 1)}>
              {t("previous")}
            </Link>
          ) : (
            <span />
          )}
          <span>{t("page", { page: formatNumber(page.page, locale), pages: formatNumber(pages, locale) })}</span>
          {page.page < pages ? (
            <Link className="underline" href={pageHref(page.page + 1)} data-testid="members-next">
              {t("next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
