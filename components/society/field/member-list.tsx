"use client";

import { AlertTriangle, Check, Clock } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/i18n/config";
import { formatTaka } from "@/lib/format";
import type { MemberRow } from "@/lib/society/field/outbox";
import { cn } from "@/lib/utils";

const STATUS_STYLE: Record<MemberRow["status"], string> = {
  due: "border-border",
  paid: "border-emerald-300 bg-emerald-50",
  waiting: "border-amber-300 bg-amber-50",
  attention: "border-red-300 bg-red-50",
};

/** The day's members, one large tap target each: amounts due, what is collected, and the member's state today. */
export function MemberList({ rows, onOpen }: { rows: MemberRow[]; onOpen: (row: MemberRow) => void }) {
  const t = useTranslations("field");
  const locale = useLocale() as Locale;
  return (
    <ul className="space-y-2" data-testid="field-members">
      {rows.map((row) => (
        <li key={row.id}>
          <button
            type="button"
            onClick={() => onOpen(row)}
            className={cn("flex min-h-14 w-full items-center gap-3 rounded-lg border bg-background p-3 text-left", STATUS_STYLE[row.status])}
            data-testid="field-member"
            data-member={row.code}
            data-status={row.status}
            data-flagged={row.flagged ? "true" : undefined}
          >
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{row.name}</p>
              <p className="text-xs text-muted-foreground">
                {row.memberCode} · {row.area}
              </p>
              <p className="text-xs">
                {t("installment")} {formatTaka(row.installment, locale)} · {t("savings")} {formatTaka(row.savings, locale)}
              </p>
              {row.balance ? (
                <p className="text-xs text-muted-foreground" data-testid="field-member-balance">
                  {t("balance", { savings: formatTaka(row.balance.savings, locale), loan: formatTaka(row.balance.loanOutstanding, locale) })}
                </p>
              ) : null}
              {row.flagged ? (
                <p className="mt-1 flex items-center gap-1 text-xs font-medium text-red-800" data-testid="field-flagged">
                  <AlertTriangle aria-hidden className="size-3.5" />
                  {t("flagged")}
                </p>
              ) : null}
            </div>
            <div className="shrink-0 text-right">
              <StatusMark status={row.status} />
              {row.collectedToday > 0 ? <p className="text-sm font-semibold tabular-nums">{formatTaka(row.collectedToday, locale)}</p> : null}
            </div>
          </button>
        </li>
      ))}
    </ul>
  );
}

function StatusMark({ status }: { status: MemberRow["status"] }) {
  const t = useTranslations("field.status");
  const Icon = status === "paid" ? Check : status === "waiting" ? Clock : status === "attention" ? AlertTriangle : null;
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium">
      {Icon ? <Icon aria-hidden className="size-3.5" /> : null}
      {t(status)}
    </span>
  );
}
