"use client";

import { UserRound } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { ActionErrorAlert } from "@/components/admin/forms";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { Locale } from "@/i18n/config";
import { dhakaToday } from "@/lib/format";
import type { ActionError } from "@/lib/auth/action-result";
import { formatCalendarDate, formatNumber, formatPhone, formatTaka } from "@/lib/format";
import { loadMemberProfileAction } from "@/lib/society/actions";
import { SHORT_DATE } from "@/lib/society/rules";
import { societyDownloads } from "@/lib/society/tabs";
import { MemberLoanForm, MemberLoanGivenAlert, MemberLoanSummary, type MemberLoanGiven } from "./member-loan";
import { PdfLink } from "./pdf-link";
import { WithdrawalForm } from "./withdrawal-form";

type Profile = Extract<Awaited<ReturnType<typeof loadMemberProfileAction>>, { ok: true }>["data"];
type Row = Profile["recent"][number];

/** Member profile (spec): details, the passbook, the loan, this month's statistics, a day's search and the last 10 collections. */
export function MemberProfileDialog({ societyId, memberId, name, canLend }: { societyId: string; memberId: string; name: string; canLend: boolean }) {
  const t = useTranslations("society.dialogs.profile");
  const tDialogs = useTranslations("society.dialogs");
  const tTypes = useTranslations("society.dialogs.addMember.types");
  const tLoans = useTranslations("society.memberLoans");
  const tReports = useTranslations("society.reports");
  const locale = useLocale() as Locale;
  const [open, setOpen] = useState(false);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [date, setDate] = useState("");
  const [error, setError] = useState<ActionError | null>(null);
  const [loanGiven, setLoanGiven] = useState<MemberLoanGiven | null>(null);
  const [pending, startTransition] = useTransition();

  const load = (day: string) =>
    startTransition(async () => {
      const result = await loadMemberProfileAction(societyId, { memberId, date: day });
      if (!result.ok) return setError(result.error);
      setError(null);
      setProfile(result.data);
    });

  const taka = (n: number) => formatTaka(n, locale);
  const day = (iso: string) => formatCalendarDate(iso, locale, SHORT_DATE);

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`${t("title")}: ${name}`}
        title={`${t("title")}: ${name}`}
        data-testid="view-profile"
        onClick={() => {
          setLoanGiven(null);
          setOpen(true);
          load(date);
        }}
      >
        <UserRound aria-hidden />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl" data-testid="member-profile" closeLabel={tDialogs("close")}>
          <DialogHeader>
            <DialogTitle>{profile?.member.name ?? name}</DialogTitle>
          </DialogHeader>
          <ActionErrorAlert error={error} />
          {!profile ? (
            <p className="text-sm text-muted-foreground">{t("loading")}</p>
          ) : (
            <div className="space-y-4 text-sm">
              <section>
                <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">{t("info")}</h3>
                  {/* The members table's passbook link (the PDF from the journal), its name written out. */}
                  <PdfLink icon="passbook" href={societyDownloads.memberPassbook(societyId, memberId)} testId="profile-passbook-pdf">
                    {tReports("passbookPdf")}
                  </PdfLink>
                </div>
                <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5">
                  <Field label={t("memberCode")} value={profile.member.memberCode} />
                  <Field label={t("worker")} value={profile.member.workerName} />
                  <Field label={t("phone")} value={formatPhone(profile.member.phone)} />
                  <Field label={t("nid")} value={profile.member.nid} />
                  <Field label={t("area")} value={profile.member.area} />
                  <Field label={t("joinDate")} value={day(profile.member.joinDate)} />
                  <Field label={t("membershipType")} value={tTypes(profile.member.membershipType)} />
                  <Field label={t("status")} value={t(`statuses.${profile.member.status}`)} />
                  <Field label={t("dailyInstallment")} value={taka(profile.member.installmentAmount)} money />
                  <Field label={t("dailySavings")} value={taka(profile.member.savingsAmount)} money />
                  {profile.member.loanAmount ? <Field label={t("loan")} value={taka(profile.member.loanAmount)} money /> : null}
                  <Field label={t("savingsBalance")} value={taka(profile.balance.savings)} money />
                  <Field label={t("loanOutstanding")} value={taka(profile.balance.loanOutstanding)} money />
                </dl>
              </section>
              {profile.loan ? (
                <section className="space-y-2">
                  <h3 className="font-semibold">{tLoans("title")}</h3>
                  {loanGiven ? <MemberLoanGivenAlert given={loanGiven} locale={locale} /> : null}
                  <MemberLoanSummary loan={profile.loan} today={profile.today} locale={locale} />
                </section>
              ) : null}
              {canLend && profile.member.status === "active" && profile.balance.loanOutstanding <= 0 ? (
                <section>
                  <h3 className="mb-2 font-semibold">{tLoans("give")}</h3>
                  <MemberLoanForm
                    societyId={societyId}
                    memberId={memberId}
                    locale={locale}
                    onDone={(given) => {
                      setLoanGiven(given);
                      load(date);
                    }}
                  />
                </section>
              ) : null}
              {profile.member.status === "active" ? (
                <section>
                  <h3 className="mb-2 font-semibold">{t("withdraw")}</h3>
                  <WithdrawalForm societyId={societyId} memberId={memberId} memberName={profile.member.name} locale={locale} onDone={() => load(date)} />
                </section>
              ) : null}
              <section>
                <h3 className="mb-2 font-semibold">{t("monthStats")}</h3>
                <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5" data-testid="profile-month">
                  <Stat label={t("totalInstallment")} value={taka(profile.month.installment)} testId="profile-installment" />
                  <Stat label={t("totalSavings")} value={taka(profile.month.savings)} testId="profile-savings" />
                  <Stat label={t("collectedDays")} value={formatNumber(profile.month.collectedDays, locale)} testId="profile-collected-days" />
                  <Stat label={t("missedDays")} value={formatNumber(profile.month.missedDays, locale)} testId="profile-missed-days" />
                  <Stat label={t("target")} value={taka(profile.month.target)} testId="profile-target" />
                </dl>
              </section>
              <section className="space-y-2">
                <Label htmlFor="profile-date">{t("searchDate")}</Label>
                <Input
                  id="profile-date"
                  type="date"
                  max={dhakaToday()}
                  value={date}
                  onChange={(e) => {
                    setDate(e.target.value);
                    load(e.target.value);
                  }}
                />
                {date && profile.onDate ? (
                  profile.onDate.length === 0 ? (
                    <p className="text-muted-foreground">{t("noneOnDate")}</p>
                  ) : (
                    <Rows rows={profile.onDate} day={day} taka={taka} collected={t("collected")} />
                  )
                ) : null}
              </section>
              <section>
                <h3 className="mb-2 font-semibold">{t("recent")}</h3>
                {profile.recent.length === 0 ? <p className="text-muted-foreground">{t("none")}</p> : <Rows rows={profile.recent} day={day} taka={taka} collected={t("collected")} />}
              </section>
              {pending ? <p className="text-xs text-muted-foreground">{t("loading")}</p> : null}
            </div>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** A labelled value; an amount never wraps (a negative balance keeps its sign on its line at any width). */
function Field({ label, value, money = false }: { label: string; value: string; money?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={money ? "font-medium whitespace-nowrap tabular-nums" : "font-medium"}>{value}</dd>
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-md bg-muted/60 p-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Rows({ rows, day, taka, collected }: { rows: Row[]; day: (iso: string) => string; taka: (n: number) => string; collected: string }) {
  return (
    <ul className="divide-y rounded-md border" data-testid="profile-collections">
      {rows.map((r) => (
        <li key={r.id} className="flex items-center gap-2 px-2 py-1.5">
          <span className="flex-1">{day(r.date)}</span>
          <span className="tabular-nums">{taka(r.installment)} + {taka(r.savings)}</span>
          <Badge variant="secondary" className="bg-green-100 text-green-800">
            {collected}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
